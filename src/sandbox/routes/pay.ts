import type { FastifyInstance, FastifyReply } from "fastify"
import QRCode from "qrcode"
import {
  CURRENCIES,
  INTERVAL_UNITS,
  METHODS,
  NO_METHOD,
  TX_STATUS,
  methodName,
  txStatusName,
} from "../codes"
import type { SandboxContext } from "../context"
import { confirmPayment, declinePayment, isExpired } from "../engine/payments"
import { bindSubscription, cancelSubscription, declineSubscription } from "../engine/subscriptions"
import { fromMinor, luhnValid } from "../money"
import {
  cardPage,
  genericPage,
  methodChoicePage,
  notFoundPage,
  qrPage,
  resultPage,
  type CardFormValues,
  type PaymentPageModel,
} from "../pages/payment"
import { subscriptionPage, unsubscribePage } from "../pages/subscription"
import type { SubscriptionRecord } from "../state/subscriptions"
import { iso } from "../timefmt"
import { payPageUrl, qrContent } from "../views"
import type { IdParams } from "./common"

// The payer's side: the page behind `redirect`. Each action changes state, fires the callbacks and
// sends the payer on with 303 to `return` (success) or `failedUrl` (failure), or to a sandbox result
// page when the merchant gave none.

type FormBody = Record<string, string | string[] | undefined>
type PostParams = IdParams & { Body: FormBody | undefined }

const DECLINE_CARDS: Record<string, string> = {
  "4000000000000002": "card declined",
  "4000000000009995": "insufficient funds",
}
const PROCESSING_ERROR_CARD = "4000000000000119"

function field(body: FormBody | undefined, name: string): string {
  const v = body?.[name]
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim()
}

/** "every 1 Month", "every 2 Weeks" */
function schedule(record: SubscriptionRecord): string {
  const { unit } = INTERVAL_UNITS[record.intervalCode]
  return `every ${record.intervalCount} ${unit}${record.intervalCount > 1 ? "s" : ""}`
}

// Reads the status afresh: TypeScript would keep the narrowing from before a state change.
function statusOf(record: SubscriptionRecord): SubscriptionRecord["status"] {
  return record.status
}

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(body)
}

export function payRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const resultUrl = (id: string) => `${payPageUrl(ctx, id)}/result`

  const model = (i: number): PaymentPageModel => {
    const { txs } = ctx
    const id = txs.ids[i]
    return {
      id,
      base: payPageUrl(ctx, id),
      amount: fromMinor(txs.amountMinor[i]),
      currency: CURRENCIES[txs.currency[i]],
      description: txs.description(i),
      merchantName: ctx.settings.merchantName,
      methodName: methodName(txs.method[i]) ?? "any method",
      expiresAt: iso(txs.expiresAt[i]),
    }
  }

  const txResult = (i: number, message: string) => ({
    id: ctx.txs.ids[i],
    status: txStatusName(ctx.txs.status[i]),
    message,
    continueUrl:
      (ctx.txs.status[i] === TX_STATUS.CONFIRMED
        ? ctx.txs.extras.get(i)?.returnUrl
        : ctx.txs.extras.get(i)?.failedUrl) ?? null,
  })

  const subResult = (s: SubscriptionRecord, message: string) => ({
    id: s.id,
    status: s.status,
    message,
    continueUrl: (s.status === "Active" ? s.returnUrl : s.failedUrl) ?? null,
  })

  /** Why the payer cannot act on this payment now, as a page; null when it is payable. */
  const blocked = (reply: FastifyReply, i: number): FastifyReply | null => {
    if (!ctx.txs.isPending(i)) {
      const status = txStatusName(ctx.txs.status[i])
      return sendHtml(reply, 409, resultPage(txResult(i, `This payment is already ${status}.`)))
    }
    if (isExpired(ctx, i)) {
      return sendHtml(
        reply,
        410,
        resultPage(txResult(i, "This payment has expired and can no longer be paid.")),
      )
    }
    return null
  }

  const succeed = (reply: FastifyReply, i: number) =>
    reply.redirect(ctx.txs.extras.get(i)?.returnUrl ?? resultUrl(ctx.txs.ids[i]), 303)
  const fail = (reply: FastifyReply, i: number) =>
    reply.redirect(ctx.txs.extras.get(i)?.failedUrl ?? resultUrl(ctx.txs.ids[i]), 303)

  app.get<IdParams>("/qr/:id", async (req, reply) =>
    reply.redirect(payPageUrl(ctx, req.params.id), 302),
  )

  app.get<IdParams>("/pay/:id", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record) {
      if (record.status !== "PendingAgreement") {
        return sendHtml(
          reply,
          200,
          resultPage(subResult(record, `This subscription is ${record.status}.`)),
        )
      }
      return sendHtml(
        reply,
        200,
        subscriptionPage({
          id,
          base: payPageUrl(ctx, id),
          amount: fromMinor(record.amountMinor),
          currency: CURRENCIES[record.currency],
          description: record.description,
          merchantName: ctx.settings.merchantName,
          schedule: schedule(record),
          bindDeadline: iso(record.bindDeadline),
        }),
      )
    }
    const i = ctx.txs.indexOf(id)
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    if (!ctx.txs.isPending(i)) {
      return sendHtml(
        reply,
        200,
        resultPage(txResult(i, `This payment is ${txStatusName(ctx.txs.status[i])}.`)),
      )
    }
    const stop = blocked(reply, i)
    if (stop) return stop
    const method = ctx.txs.method[i]
    if (method === NO_METHOD) return sendHtml(reply, 200, methodChoicePage(model(i)))
    const kind = METHODS.get(method)?.page ?? "generic"
    if (kind === "card") return sendHtml(reply, 200, cardPage(model(i)))
    if (kind === "qr") {
      const text = qrContent(ctx, id)
      const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
      return sendHtml(reply, 200, qrPage(model(i), dataUrl, text))
    }
    return sendHtml(reply, 200, genericPage(model(i)))
  })

  app.get<IdParams>("/pay/:id/result", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record)
      return sendHtml(
        reply,
        200,
        resultPage(subResult(record, `The subscription is ${record.status}.`)),
      )
    const i = ctx.txs.indexOf(id)
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    return sendHtml(
      reply,
      200,
      resultPage(txResult(i, `The payment is ${txStatusName(ctx.txs.status[i])}.`)),
    )
  })

  app.post<PostParams>("/pay/:id/method", async (req, reply) => {
    const i = ctx.txs.indexOf(req.params.id.toLowerCase())
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    const stop = blocked(reply, i)
    if (stop) return stop
    const method = Number(field(req.body, "method"))
    if (ctx.txs.method[i] !== NO_METHOD || (method !== 2 && method !== 11)) {
      return sendHtml(
        reply,
        400,
        resultPage(
          txResult(i, "Choose SBP (2) or card (11) on a payment link that has no method yet."),
        ),
      )
    }
    ctx.txs.method[i] = method
    return reply.redirect(payPageUrl(ctx, ctx.txs.ids[i]), 303)
  })

  app.post<PostParams>("/pay/:id/confirm", async (req, reply) => {
    const i = ctx.txs.indexOf(req.params.id.toLowerCase())
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    const stop = blocked(reply, i)
    if (stop) return stop
    const method = ctx.txs.method[i]
    if (method === NO_METHOD || METHODS.get(method)?.page === "card") {
      return sendHtml(
        reply,
        400,
        resultPage(txResult(i, "Use the card form (or choose a method) to pay this payment.")),
      )
    }
    confirmPayment(ctx, i)
    return succeed(reply, i)
  })

  app.post<PostParams>("/pay/:id/decline", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record) {
      if (record.status !== "PendingAgreement") {
        return sendHtml(
          reply,
          409,
          resultPage(subResult(record, `This subscription is already ${record.status}.`)),
        )
      }
      declineSubscription(ctx, record)
      return reply.redirect(record.failedUrl ?? resultUrl(id), 303)
    }
    const i = ctx.txs.indexOf(id)
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    const stop = blocked(reply, i)
    if (stop) return stop
    declinePayment(ctx, i, "declined by the payer")
    return fail(reply, i)
  })

  app.post<PostParams>("/pay/:id/card", async (req, reply) => {
    const i = ctx.txs.indexOf(req.params.id.toLowerCase())
    if (i < 0) return sendHtml(reply, 404, notFoundPage(req.params.id))
    const stop = blocked(reply, i)
    if (stop) return stop
    if (METHODS.get(ctx.txs.method[i])?.page !== "card") {
      return sendHtml(reply, 400, resultPage(txResult(i, "This payment is not a card payment.")))
    }
    const values: CardFormValues = {
      cardNumber: field(req.body, "cardNumber"),
      expiry: field(req.body, "expiry"),
      holder: field(req.body, "holder"),
    }
    const pan = values.cardNumber!.replace(/[\s-]/g, "")
    const formError = (message: string, status = 400) =>
      sendHtml(reply, status, cardPage(model(i), message, values))
    if (!luhnValid(pan)) return formError("The card number is not valid.")
    const exp = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry!)
    const month = exp ? Number(exp[1]) : 0
    if (!exp || month < 1 || month > 12) return formError("Enter the expiry as MM/YY.")
    const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])
    if (Date.UTC(year, month, 1) <= ctx.clock.now()) return formError("The card has expired.")
    if (!/^\d{3,4}$/.test(field(req.body, "cvc")))
      return formError("The CVC must be 3 or 4 digits.")
    if (pan === PROCESSING_ERROR_CARD)
      return formError("Processing error: nothing was charged, please try again.", 502)
    const declined = DECLINE_CARDS[pan]
    if (declined) {
      declinePayment(ctx, i, `card ${pan.slice(-4)}: ${declined}`)
      return fail(reply, i)
    }
    confirmPayment(ctx, i)
    return succeed(reply, i)
  })

  app.post<PostParams>("/pay/:id/bind", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (!record) return sendHtml(reply, 404, notFoundPage(req.params.id))
    if (record.status !== "PendingAgreement") {
      return sendHtml(
        reply,
        409,
        resultPage(subResult(record, `This subscription is already ${record.status}.`)),
      )
    }
    const email = field(req.body, "email")
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      return sendHtml(
        reply,
        400,
        resultPage(subResult(record, "Enter a valid e-mail address or leave it empty.")),
      )
    }
    bindSubscription(ctx, record, {
      email: email || null,
      failRenewals: field(req.body, "failRenewals") !== "",
    })
    // A first charge that failed (control: failNextCharges) leaves it PastDue: a failure for the payer.
    const next = statusOf(record) === "Active" ? record.returnUrl : record.failedUrl
    return reply.redirect(next ?? resultUrl(id), 303)
  })

  // The cancel link of Platega's e-mails: the payer stops an Active or PastDue subscription.
  app.get<IdParams>("/pay/:id/unsubscribe", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (!record) return sendHtml(reply, 404, notFoundPage(req.params.id))
    if (record.status !== "Active" && record.status !== "PastDue") {
      return sendHtml(
        reply,
        200,
        resultPage(subResult(record, `This subscription is ${record.status}.`)),
      )
    }
    return sendHtml(
      reply,
      200,
      unsubscribePage({
        base: payPageUrl(ctx, id),
        description: record.description,
        schedule: schedule(record),
      }),
    )
  })

  app.post<PostParams>("/pay/:id/unsubscribe", async (req, reply) => {
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (!record) return sendHtml(reply, 404, notFoundPage(req.params.id))
    if (record.status === "PendingAgreement") {
      return sendHtml(
        reply,
        409,
        resultPage(subResult(record, "This subscription is not bound yet: decline it instead.")),
      )
    }
    // Idempotent, like the merchant's cancel: an ended subscription is answered as it is.
    cancelSubscription(ctx, record)
    return sendHtml(
      reply,
      200,
      resultPage(subResult(record, `The subscription is ${statusOf(record)}.`)),
    )
  })
}
