import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { SandboxContext } from "../context"
import type { SandboxControl } from "../control/types"
import { rateTable } from "../rates/engine"
import { cancelTransaction } from "../refunds/engine"
import { ApiError, ControlError } from "../shared/errors"
import { fill, langLinks, pickLang } from "../shared/html"
import { subscriptionView } from "../subscriptions/views"
import { requireTransaction } from "../transactions/engine"
import { dashboardTexts } from "./i18n"
import { dashboardPage } from "./views"

// The merchant dashboard: GET / shows it, POST /dashboard/... does what its buttons say and comes
// back to / with a notice. Like the control API, it answers loopback clients only (unless
// allowRemoteControl), since it moves money without credentials.

type Query = { lang?: string; subject?: string; limit?: string; ok?: string; notice?: string }
type Action = { Params: { id: string; action: string }; Querystring: Query }

const RECENT = 50

function language(req: FastifyRequest<{ Querystring: Query }>) {
  const explicit = req.query.lang === "ru" || req.query.lang === "en"
  const lang = pickLang(req.query.lang, req.headers["accept-language"])
  return { lang, langQuery: explicit ? `?lang=${lang}` : "" }
}

export function dashboardRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  control: SandboxControl,
): void {
  const opts = { config: { control: true } }

  app.get<{ Querystring: Query }>("/", opts, async (req, reply) => {
    const { lang, langQuery } = language(req)
    const limit = Math.min(500, Math.max(1, Number(req.query.limit) || RECENT))
    const subject = req.query.subject?.toLowerCase() || null
    const transactions = []
    for (let i = ctx.txs.size - 1; i >= 0 && transactions.length < limit; i--) {
      transactions.push(ctx.txs.view(i))
    }
    const subscriptions = ctx.subs
      .all()
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((s) => subscriptionView(ctx, s))
    const conversions = await control.conversions()
    const log = ctx.callbacks.log().filter((e) => !subject || e.subjectId === subject)
    const notice = req.query.notice ? { ok: req.query.ok === "1", text: req.query.notice } : null
    const html = dashboardPage({
      lang,
      langLinks: langLinks(req.url),
      langQuery,
      merchantName: ctx.settings.merchantName,
      merchantId: ctx.merchantId,
      callbackUrl: ctx.callbacks.url,
      now: ctx.clock.now(),
      balances: ctx.ledger.views(),
      transactions,
      transactionTotal: ctx.txs.size,
      subscriptions,
      rates: rateTable(ctx),
      ratesUpdatedAt: ctx.ratesUpdatedAt,
      conversions: conversions.slice(-limit).reverse(),
      conversionTotal: conversions.length,
      callbacks: log.slice(-limit).reverse(),
      callbackTotal: log.length,
      subject,
      notice,
    })
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html)
  })

  const back = (
    reply: FastifyReply,
    langQuery: string,
    ok: boolean,
    text: string,
    anchor: string,
  ) => {
    const q = new URLSearchParams(langQuery.slice(1))
    q.set("ok", ok ? "1" : "0")
    q.set("notice", text)
    return reply.redirect(`/?${q.toString()}#${anchor}`, 303)
  }

  const act = async (
    req: FastifyRequest<Action>,
    reply: FastifyReply,
    anchor: string,
    run: (id: string) => Promise<string | void>,
  ) => {
    const { lang, langQuery } = language(req)
    const t = dashboardTexts(lang)
    const id = req.params.id.toLowerCase()
    try {
      const message = (await run(id)) ?? ""
      return back(reply, langQuery, true, fill(t.done[req.params.action], { id, message }), anchor)
    } catch (err) {
      if (!(err instanceof ControlError || err instanceof ApiError)) throw err
      return back(reply, langQuery, false, fill(t.failed, { message: err.message }), anchor)
    }
  }

  app.post<Action>("/dashboard/transactions/:id/:action", opts, async (req, reply) => {
    const runs: Record<string, (id: string) => Promise<string | void>> = {
      confirm: async (id) => void (await control.confirm(id)),
      decline: async (id) => void (await control.decline(id)),
      // The merchant's refund: the same rules as POST /transaction/{id}/cancel.
      refund: async (id) => cancelTransaction(ctx, requireTransaction(ctx, id)).message,
      callback: (id) => control.fireCallback(id),
    }
    const run = runs[req.params.action]
    if (!run) return reply.code(404).send({ error: `no action ${req.params.action}` })
    return act(req, reply, "transactions", run)
  })

  // The form's fields arrive as text: the amount is read as a number here, checked by convert().
  app.post<{
    Querystring: Query
    Body: { amount?: string; currency?: string; toCurrency?: string } | undefined
  }>("/dashboard/conversions", opts, async (req, reply) => {
    const { lang, langQuery } = language(req)
    const t = dashboardTexts(lang)
    const body = req.body ?? {}
    try {
      const c = await control.convert({
        amount: Number(body.amount),
        currency: body.currency ?? "",
        toCurrency: body.toCurrency || undefined,
      })
      const message = `${c.amount} ${c.currency} → ${c.convertedAmount} ${c.convertedCurrency}`
      return back(
        reply,
        langQuery,
        true,
        fill(t.done.convert, { id: c.id, message }),
        "conversions",
      )
    } catch (err) {
      if (!(err instanceof ControlError)) throw err
      return back(reply, langQuery, false, fill(t.failed, { message: err.message }), "conversions")
    }
  })

  app.post<Action>("/dashboard/subscriptions/:id/:action", opts, async (req, reply) => {
    const runs: Record<string, (id: string) => Promise<string | void>> = {
      charge: async (id) => void (await control.chargeSubscription(id)),
      cancel: async (id) => void (await control.cancelSubscription(id)),
      callback: (id) => control.fireCallback(id),
    }
    const run = runs[req.params.action]
    if (!run) return reply.code(404).send({ error: `no action ${req.params.action}` })
    return act(req, reply, "subscriptions", run)
  })
}
