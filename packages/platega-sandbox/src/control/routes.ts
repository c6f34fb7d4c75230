import type { FastifyInstance } from "fastify"
import { z } from "zod"
import { parseBody, seedSchema } from "./schemas"
import type { SandboxContext } from "../context"
import { DOCS_URL } from "../shared/defaults"
import { ControlError } from "../shared/errors"
import { pgHmacHeader } from "../shared/hmac"
import { subscriptionView } from "../subscriptions/views"
import type { SeedOptions } from "./seed"
import type { SandboxControl } from "./types"
import type { TransactionStatus } from "../transactions/types"

// The control API under /_sandbox: not part of Platega. Every route mirrors a SandboxControl method
// (see README.md). Answers are JSON; errors are { error: "…" } with 400, 404 or 409.

type Id = { Params: { id: string } }
type Body<T> = { Body: T | undefined }

export function controlRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  control: SandboxControl,
): void {
  const opts = { config: { control: true } }
  const base = "/_sandbox"

  app.get(base, opts, async () => ({
    name: "platega-sandbox",
    url: ctx.publicUrl,
    merchantId: ctx.merchantId,
    now: new Date(ctx.clock.now()).toISOString(),
    timeScale: ctx.clock.timeScale,
    transactions: ctx.txs.size,
    subscriptions: ctx.subs.size,
    callbackUrl: ctx.callbacks.url,
    docs: DOCS_URL,
  }))

  app.get(`${base}/health`, opts, async () => ({ ok: true }))

  // Settings
  app.get(`${base}/settings`, opts, async () => control.settings())
  const configure = async (req: { body: unknown }) =>
    control.configure((req.body ?? {}) as Record<string, never>)
  app.patch(`${base}/settings`, opts, configure)
  app.post(`${base}/settings`, opts, configure)
  app.post(`${base}/reset`, opts, async () => {
    await control.reset()
    return { ok: true }
  })

  // Clock
  app.get(`${base}/clock`, opts, async () => ({
    now: new Date(ctx.clock.now()).toISOString(),
    nowMs: ctx.clock.now(),
    timeScale: ctx.clock.timeScale,
  }))
  app.post<Body<{ ms?: number }>>(`${base}/clock/advance`, opts, async (req) => {
    const { ms } = parseBody(z.object({ ms: z.number().min(0) }), req.body)
    const now = await control.advanceClock(ms)
    return { now: new Date(now).toISOString(), nowMs: now }
  })
  app.post<Body<{ timeScale?: number }>>(`${base}/clock/time-scale`, opts, async (req) => {
    const { timeScale } = parseBody(z.object({ timeScale: z.number().positive() }), req.body)
    await control.setTimeScale(timeScale)
    return { timeScale }
  })

  // Transactions
  app.get<{ Querystring: { status?: string; limit?: string; offset?: string } }>(
    `${base}/transactions`,
    opts,
    async (req) => {
      const limit = Math.min(1000, Math.max(1, Number(req.query.limit ?? 50) || 50))
      const offset = Math.max(0, Number(req.query.offset ?? 0) || 0)
      const status = req.query.status?.toUpperCase() as TransactionStatus | undefined
      const items = []
      let skipped = 0
      for (let i = ctx.txs.size - 1; i >= 0 && items.length < limit; i--) {
        const view = ctx.txs.view(i)
        if (status && view.status !== status) continue
        if (skipped++ < offset) continue
        items.push(view)
      }
      return { items, total: ctx.txs.size }
    },
  )
  app.post<Body<SeedOptions & { count?: number }>>(
    `${base}/transactions/seed`,
    opts,
    async (req) => {
      const { count, ...options } = parseBody(seedSchema, req.body)
      if (options.returnIds && count > 100_000)
        throw new ControlError(400, "returnIds is limited to 100000 rows over HTTP")
      return control.seedTransactions(count, options)
    },
  )
  app.get<Id>(`${base}/transactions/:id`, opts, async (req) => {
    const view = await control.getTransaction(req.params.id.toLowerCase())
    if (!view) throw new ControlError(404, `transaction ${req.params.id} was not found`)
    return view
  })
  const txAction = (path: string, run: (id: string) => Promise<unknown>) =>
    app.post<Id>(`${base}/transactions/:id/${path}`, opts, async (req) =>
      run(req.params.id.toLowerCase()),
    )
  txAction("confirm", (id) => control.confirm(id))
  txAction("decline", (id) => control.decline(id))
  txAction("chargeback", (id) => control.chargeback(id))
  txAction("refund/approve", (id) => control.approveRefund(id))
  txAction("refund/reject", (id) => control.rejectRefund(id))
  txAction("callback", async (id) => {
    await control.fireCallback(id)
    return { ok: true }
  })

  // Subscriptions
  app.get(`${base}/subscriptions`, opts, async () =>
    ctx.subs.all().map((s) => subscriptionView(ctx, s)),
  )
  app.get<Id>(`${base}/subscriptions/:id`, opts, async (req) => {
    const view = await control.getSubscription(req.params.id.toLowerCase())
    if (!view) throw new ControlError(404, `subscription ${req.params.id} was not found`)
    return view
  })
  app.post<Id & Body<{ email?: string }>>(`${base}/subscriptions/:id/bind`, opts, async (req) => {
    const { email } = parseBody(z.object({ email: z.string().optional() }), req.body)
    return control.bindSubscription(req.params.id.toLowerCase(), { email })
  })
  app.post<Id>(`${base}/subscriptions/:id/decline`, opts, async (req) =>
    control.declineSubscription(req.params.id.toLowerCase()),
  )
  app.post<Id & Body<{ outcome?: string }>>(
    `${base}/subscriptions/:id/charge`,
    opts,
    async (req) => {
      const { outcome } = parseBody(
        z.object({ outcome: z.enum(["success", "fail"]).optional() }),
        req.body,
      )
      return control.chargeSubscription(req.params.id.toLowerCase(), outcome)
    },
  )
  app.post<Id & Body<{ count?: number }>>(
    `${base}/subscriptions/:id/fail-next`,
    opts,
    async (req) => {
      const { count } = parseBody(z.object({ count: z.int().min(0) }), req.body)
      return control.failNextCharges(req.params.id.toLowerCase(), count)
    },
  )
  app.post<Id>(`${base}/subscriptions/:id/cancel`, opts, async (req) =>
    control.cancelSubscription(req.params.id.toLowerCase()),
  )
  app.post<Id>(`${base}/subscriptions/:id/payer-cancel`, opts, async (req) =>
    control.payerCancelSubscription(req.params.id.toLowerCase()),
  )
  app.post<Id>(`${base}/subscriptions/:id/callback`, opts, async (req) => {
    await control.fireCallback(req.params.id.toLowerCase())
    return { ok: true }
  })

  // Callbacks
  app.get<{ Querystring: { kind?: string; subjectId?: string } }>(
    `${base}/callbacks`,
    opts,
    async (req) => {
      const { kind, subjectId } = req.query
      return (await control.callbackLog()).filter(
        (e) => (!kind || e.kind === kind) && (!subjectId || e.subjectId === subjectId),
      )
    },
  )
  app.delete(`${base}/callbacks`, opts, async () => {
    await control.clearCallbackLog()
    return { ok: true }
  })
  app.post<Body<{ timeoutMs?: number }>>(`${base}/callbacks/wait`, opts, async (req) => {
    const { timeoutMs } = parseBody(
      z.object({ timeoutMs: z.number().positive().max(120_000).optional() }),
      req.body,
    )
    try {
      await control.waitForCallbacks(timeoutMs)
    } catch (err) {
      throw new ControlError(409, err instanceof Error ? err.message : String(err))
    }
    return { ok: true }
  })
  app.get(`${base}/callback-url`, opts, async () => ({ url: ctx.callbacks.url }))
  const setUrl = async (req: { body: unknown }) => {
    const { url, probe } = parseBody(
      z.object({ url: z.string().nullable(), probe: z.boolean().optional() }),
      req.body,
    )
    await control.setCallbackUrl(url, { probe })
    return { url: ctx.callbacks.url }
  }
  app.put(`${base}/callback-url`, opts, setUrl)
  app.post(`${base}/callback-url`, opts, setUrl)

  // Faults
  app.get(`${base}/faults`, opts, async () => control.getFaults())
  const setFaults = async (req: { body: unknown }) =>
    control.setFaults((req.body ?? {}) as Record<string, never>)
  app.put(`${base}/faults`, opts, setFaults)
  app.post(`${base}/faults`, opts, setFaults)
  app.delete(`${base}/faults`, opts, async () => control.setFaults({}))

  // Money
  app.get(`${base}/balances`, opts, async () => control.balances())
  app.post<Body<{ currency?: string; amount?: number }>>(`${base}/balances`, opts, async (req) => {
    const { currency, amount } = parseBody(
      z.object({ currency: z.string(), amount: z.number() }),
      req.body,
    )
    return control.setBalance(currency, amount)
  })
  app.get(`${base}/payouts`, opts, async () => control.payouts())
  app.get(`${base}/cards`, opts, async () => control.cards())
  app.get(`${base}/rates`, opts, async () => control.rates())
  app.get(`${base}/conversions`, opts, async () => control.conversions())
  app.post<Body<{ currency?: string; amount?: number; toCurrency?: string }>>(
    `${base}/conversions`,
    opts,
    async (req) =>
      control.convert(
        parseBody(
          z.object({
            currency: z.string(),
            amount: z.number(),
            toCurrency: z.string().optional(),
          }),
          req.body,
        ),
      ),
  )

  // A signing helper for curl users: the Authorization header for a PG-HMAC request right now.
  app.post<Body<{ method?: string; path?: string; body?: string; idempotencyKey?: string }>>(
    `${base}/sign`,
    opts,
    async (req) => {
      const b = parseBody(
        z.object({
          method: z.string(),
          path: z.string(),
          body: z.string().optional(),
          idempotencyKey: z.string().optional(),
        }),
        req.body,
      )
      const ts = Math.floor(ctx.clock.now() / 1000)
      return {
        authorization: pgHmacHeader({ key: ctx.payoutKey, merchantId: ctx.merchantId, ts, ...b }),
        ts,
      }
    },
  )
}
