import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import QRCode from "qrcode"
import type { SandboxContext } from "../context"
import {
  CURRENCIES,
  INTERVAL_UNITS,
  METHODS,
  NO_METHOD,
  TX_STATUS,
  methodName,
  txStatusName,
} from "../shared/codes"
import { FAVICON_SVG, langLinks, pickLang } from "../shared/html"
import { fromMinor, luhnValid } from "../shared/money"
import type { IdParams } from "../shared/routes"
import { ControlError } from "../shared/errors"
import {
  bindSubscription,
  declineSubscription,
  payerCancelSubscription,
} from "../subscriptions/engine"
import type { SubscriptionRecord } from "../subscriptions/state"
import { confirmPayment, declinePayment, isExpired } from "../transactions/engine"
import type { DeclineReason } from "../transactions/types"
import { fill, schedule, texts, type Texts } from "./i18n"
import type { PayerPageContext } from "./layout"
import { payPageUrl, qrContent } from "./links"
import {
  cardPage,
  genericPage,
  methodChoicePage,
  notFoundPage,
  qrPage,
  resultPage,
  type CardFormValues,
  type PaymentPageModel,
} from "./payment-pages"
import { transactionIdOfQr } from "./qr"
import { cancelPage, subscriptionPage, type CancelPageModel } from "./subscription-page"

// The payer's side: the page behind `redirect`. Each action changes state, fires the callbacks and
// sends the payer on with 303 to `return` (success) or `failedUrl` (failure), or to a sandbox result
// page (which says why a payment failed) when the merchant gave none. Pages speak Russian or English.

type FormBody = Record<string, string | string[] | undefined>
type LangQuery = { Querystring: { lang?: string } }
type PostParams = IdParams & LangQuery & { Body: FormBody | undefined }

const DECLINE_CARDS: Record<string, DeclineReason> = {
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
}
const PROCESSING_ERROR_CARD = "4000000000000119"

function field(body: FormBody | undefined, name: string): string {
  const v = body?.[name]
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim()
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

function payerContext(req: FastifyRequest<LangQuery>): PayerPageContext & { t: Texts } {
  const explicit = req.query.lang === "ru" || req.query.lang === "en"
  const lang = pickLang(req.query.lang, req.headers["accept-language"])
  return {
    lang,
    t: texts(lang),
    langLinks: langLinks(req.url),
    langQuery: explicit ? `?lang=${lang}` : "",
  }
}

export function payRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const resultUrl = (id: string, c: PayerPageContext) =>
    `${payPageUrl(ctx, id)}/result${c.langQuery}`
  const realMs = (sandboxMs: number) => sandboxMs / ctx.clock.timeScale

  const model = (i: number, c: PayerPageContext): PaymentPageModel => {
    const { txs } = ctx
    const id = txs.ids[i]
    return {
      ...c,
      id,
      base: payPageUrl(ctx, id),
      amount: fromMinor(txs.amountMinor[i]),
      currency: CURRENCIES[txs.currency[i]],
      description: txs.description(i),
      merchantName: ctx.settings.merchantName,
      methodName: methodName(txs.method[i]),
      expiresAt: txs.expiresAt[i],
      remainingMs: realMs(txs.expiresAt[i] - ctx.clock.now()),
    }
  }

  const declineText = (i: number, t: Texts): string | null => {
    const extra = ctx.txs.extras.get(i)
    if (ctx.txs.status[i] !== TX_STATUS.CANCELED || !extra?.declineReason) return null
    return fill(t.declined[extra.declineReason], { last4: extra.declinedCard ?? "" })
  }

  const txResult = (i: number, c: PayerPageContext, message: string) => ({
    ...c,
    id: ctx.txs.ids[i],
    status: txStatusName(ctx.txs.status[i]),
    message,
    reason: declineText(i, texts(c.lang)),
    description: ctx.txs.description(i),
    continueUrl:
      (ctx.txs.status[i] === TX_STATUS.CONFIRMED
        ? ctx.txs.extras.get(i)?.returnUrl
        : ctx.txs.extras.get(i)?.failedUrl) ?? null,
  })

  const subResult = (s: SubscriptionRecord, c: PayerPageContext, message: string) => ({
    ...c,
    id: s.id,
    status: s.status,
    message,
    description: s.description,
    continueUrl: (s.status === "Active" ? s.returnUrl : s.failedUrl) ?? null,
  })

  /** Why the payer cannot act on payment `i` (of `:id`) now, as a page; null when it is payable. */
  const blocked = (
    reply: FastifyReply,
    i: number,
    c: PayerPageContext & { t: Texts },
    rawId: string,
  ): FastifyReply | null => {
    if (i < 0) return sendHtml(reply, 404, notFoundPage(c, rawId))
    if (!ctx.txs.isPending(i)) {
      const status = txStatusName(ctx.txs.status[i])
      return sendHtml(reply, 409, resultPage(txResult(i, c, fill(c.t.isFinal, { status }))))
    }
    if (isExpired(ctx, i)) return sendHtml(reply, 410, resultPage(txResult(i, c, c.t.expired)))
    return null
  }

  /** The payer's context and the payment of `:id`, with the page to answer if it is not payable. */
  const payable = (req: FastifyRequest<PostParams>, reply: FastifyReply) => {
    const c = payerContext(req)
    const i = ctx.txs.indexOf(req.params.id.toLowerCase())
    return { c, i, stop: blocked(reply, i, c, req.params.id) }
  }

  const succeed = (reply: FastifyReply, i: number, c: PayerPageContext) =>
    reply.redirect(ctx.txs.extras.get(i)?.returnUrl ?? resultUrl(ctx.txs.ids[i], c), 303)
  const fail = (reply: FastifyReply, i: number, c: PayerPageContext) =>
    reply.redirect(ctx.txs.extras.get(i)?.failedUrl ?? resultUrl(ctx.txs.ids[i], c), 303)

  const favicon = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type("image/svg+xml").header("Cache-Control", "public, max-age=86400").send(FAVICON_SVG)
  app.get("/favicon.svg", favicon)
  app.get("/favicon.ico", favicon)

  // The SBP QR link (see qr.ts); a bare transaction id is accepted too.
  app.get<IdParams>("/qr/:id", async (req, reply) => {
    const id = transactionIdOfQr(req.params.id) ?? req.params.id.toLowerCase()
    return reply.redirect(payPageUrl(ctx, id), 302)
  })

  app.get<IdParams & LangQuery>("/pay/:id", async (req, reply) => {
    const c = payerContext(req)
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record) {
      if (record.status !== "PendingAgreement") {
        const message = fill(c.t.subscriptionIs, { status: record.status })
        return sendHtml(reply, 200, resultPage(subResult(record, c, message)))
      }
      const { unit } = INTERVAL_UNITS[record.intervalCode]
      return sendHtml(
        reply,
        200,
        subscriptionPage({
          ...c,
          id,
          base: payPageUrl(ctx, id),
          amount: fromMinor(record.amountMinor),
          currency: CURRENCIES[record.currency],
          description: record.description,
          merchantName: ctx.settings.merchantName,
          schedule: schedule(c.lang, record.intervalCount, unit),
          bindDeadline: record.bindDeadline,
          remainingMs: realMs(record.bindDeadline - ctx.clock.now()),
        }),
      )
    }
    const i = ctx.txs.indexOf(id)
    if (i < 0) return sendHtml(reply, 404, notFoundPage(c, req.params.id))
    if (!ctx.txs.isPending(i)) {
      const message = fill(c.t.isNow, { status: txStatusName(ctx.txs.status[i]) })
      return sendHtml(reply, 200, resultPage(txResult(i, c, message)))
    }
    const stop = blocked(reply, i, c, req.params.id)
    if (stop) return stop
    const method = ctx.txs.method[i]
    if (method === NO_METHOD) return sendHtml(reply, 200, methodChoicePage(model(i, c)))
    const kind = METHODS.get(method)?.page ?? "generic"
    if (kind === "card") return sendHtml(reply, 200, cardPage(model(i, c)))
    if (kind === "qr") {
      const text = qrContent(ctx, id)
      const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
      return sendHtml(reply, 200, qrPage(model(i, c), dataUrl, text))
    }
    return sendHtml(reply, 200, genericPage(model(i, c)))
  })

  app.get<IdParams & LangQuery>("/pay/:id/result", async (req, reply) => {
    const c = payerContext(req)
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record) {
      const message = fill(c.t.subscriptionIs, { status: record.status })
      return sendHtml(reply, 200, resultPage(subResult(record, c, message)))
    }
    const i = ctx.txs.indexOf(id)
    if (i < 0) return sendHtml(reply, 404, notFoundPage(c, req.params.id))
    const message = fill(c.t.isNow, { status: txStatusName(ctx.txs.status[i]) })
    return sendHtml(reply, 200, resultPage(txResult(i, c, message)))
  })

  app.post<PostParams>("/pay/:id/method", async (req, reply) => {
    const { c, i, stop } = payable(req, reply)
    if (stop) return stop
    const method = Number(field(req.body, "method"))
    if (ctx.txs.method[i] !== NO_METHOD || (method !== 2 && method !== 11)) {
      return sendHtml(reply, 400, resultPage(txResult(i, c, c.t.chooseSbpOrCard)))
    }
    ctx.txs.method[i] = method
    return reply.redirect(`${payPageUrl(ctx, ctx.txs.ids[i])}${c.langQuery}`, 303)
  })

  app.post<PostParams>("/pay/:id/confirm", async (req, reply) => {
    const { c, i, stop } = payable(req, reply)
    if (stop) return stop
    const method = ctx.txs.method[i]
    if (method === NO_METHOD || METHODS.get(method)?.page === "card") {
      return sendHtml(reply, 400, resultPage(txResult(i, c, c.t.useCardForm)))
    }
    confirmPayment(ctx, i)
    return succeed(reply, i, c)
  })

  app.post<PostParams>("/pay/:id/decline", async (req, reply) => {
    const c = payerContext(req)
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (record) {
      if (record.status !== "PendingAgreement") {
        const message = fill(c.t.subscriptionIsFinal, { status: record.status })
        return sendHtml(reply, 409, resultPage(subResult(record, c, message)))
      }
      declineSubscription(ctx, record)
      return reply.redirect(record.failedUrl ?? resultUrl(id, c), 303)
    }
    const i = ctx.txs.indexOf(id)
    const stop = blocked(reply, i, c, req.params.id)
    if (stop) return stop
    declinePayment(ctx, i, "payer")
    return fail(reply, i, c)
  })

  app.post<PostParams>("/pay/:id/card", async (req, reply) => {
    const { c, i, stop } = payable(req, reply)
    if (stop) return stop
    const { t } = c
    if (METHODS.get(ctx.txs.method[i])?.page !== "card") {
      return sendHtml(reply, 400, resultPage(txResult(i, c, t.notCard)))
    }
    const values: CardFormValues = {
      cardNumber: field(req.body, "cardNumber"),
      expiry: field(req.body, "expiry"),
      holder: field(req.body, "holder"),
    }
    const pan = values.cardNumber!.replace(/[\s-]/g, "")
    const formError = (message: string, status = 400) =>
      sendHtml(reply, status, cardPage(model(i, c), message, values))
    if (!luhnValid(pan)) return formError(t.badNumber)
    const exp = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry!)
    const month = exp ? Number(exp[1]) : 0
    if (!exp || month < 1 || month > 12) return formError(t.badExpiry)
    const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])
    if (Date.UTC(year, month, 1) <= ctx.clock.now()) return formError(t.cardExpired)
    if (!/^\d{3,4}$/.test(field(req.body, "cvc"))) return formError(t.badCvc)
    if (pan === PROCESSING_ERROR_CARD) return formError(t.processingError, 502)
    const declined = DECLINE_CARDS[pan]
    if (declined) {
      declinePayment(ctx, i, declined, { card: pan })
      return fail(reply, i, c)
    }
    confirmPayment(ctx, i)
    return succeed(reply, i, c)
  })

  app.post<PostParams>("/pay/:id/bind", async (req, reply) => {
    const c = payerContext(req)
    const id = req.params.id.toLowerCase()
    const record = ctx.subs.get(id)
    if (!record) return sendHtml(reply, 404, notFoundPage(c, req.params.id))
    if (record.status !== "PendingAgreement") {
      const message = fill(c.t.subscriptionIsFinal, { status: record.status })
      return sendHtml(reply, 409, resultPage(subResult(record, c, message)))
    }
    const email = field(req.body, "email")
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      return sendHtml(reply, 400, resultPage(subResult(record, c, c.t.badEmail)))
    }
    bindSubscription(ctx, record, {
      email: email || null,
      failRenewals: field(req.body, "failRenewals") !== "",
    })
    // A first charge that failed (control: failNextCharges) leaves it PastDue: a failure for the payer.
    const next = statusOf(record) === "Active" ? record.returnUrl : record.failedUrl
    return reply.redirect(next ?? resultUrl(id, c), 303)
  })

  // The link in Platega's e-mail to the payer. GET only shows the page (mail scanners open links);
  // the button POSTs to the same address and cancels.
  const cancelModel = (
    record: SubscriptionRecord,
    c: PayerPageContext,
    outcome?: CancelPageModel["outcome"],
  ): CancelPageModel => ({
    ...c,
    id: record.id,
    action: `${ctx.publicUrl}/subscription/${record.id}/cancel-by-payer${c.langQuery}`,
    status: record.status,
    amount: fromMinor(record.amountMinor),
    currency: CURRENCIES[record.currency],
    description: record.description,
    merchantName: ctx.settings.merchantName,
    schedule: schedule(c.lang, record.intervalCount, INTERVAL_UNITS[record.intervalCode].unit),
    nextChargeAt: record.nextChargeAt,
    outcome,
  })

  app.get<IdParams & LangQuery>("/subscription/:id/cancel-by-payer", async (req, reply) => {
    const c = payerContext(req)
    const record = ctx.subs.get(req.params.id.toLowerCase())
    if (!record) return sendHtml(reply, 404, notFoundPage(c, req.params.id))
    return sendHtml(reply, 200, cancelPage(cancelModel(record, c)))
  })

  app.post<PostParams>("/subscription/:id/cancel-by-payer", async (req, reply) => {
    const c = payerContext(req)
    const record = ctx.subs.get(req.params.id.toLowerCase())
    if (!record) return sendHtml(reply, 404, notFoundPage(c, req.params.id))
    try {
      payerCancelSubscription(ctx, record)
    } catch (err) {
      if (!(err instanceof ControlError)) throw err
      const message = fill(c.t.cannotCancel, { status: record.status })
      return sendHtml(reply, 409, cancelPage(cancelModel(record, c, { ok: false, message })))
    }
    return sendHtml(
      reply,
      200,
      cancelPage(cancelModel(record, c, { ok: true, message: c.t.cancelled })),
    )
  })
}
