import type { MedusaContainer } from "@medusajs/framework/types"
import { MathBN, Modules } from "@medusajs/framework/utils"
import { paymentMethodCode, paymentMethodName } from "../../../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import { isSubscriptionProvider } from "../../../../providers/platega"
import type { TransactionEntry } from "./types"

type Scope = Pick<MedusaContainer, "resolve">

export interface SourceWindow {
  from?: Date
  to?: Date
  /** At most this many entries per source, newest first. */
  take: number
}

/**
 * One place the store keeps Platega transactions. To show another kind (e.g. payment links), add
 * a source to TRANSACTION_SOURCES: its transactions' callbacks are already in the callback log, so
 * they show from the first callback on, and a source adds what only it knows (the link, its order).
 */
interface TransactionSource {
  name: string
  list(scope: Scope, window: SourceWindow): Promise<TransactionEntry[]>
}

const createdIn = (w: SourceWindow) =>
  w.from || w.to
    ? {
        created_at: {
          ...(w.from && { $gte: w.from.toISOString() }),
          ...(w.to && { $lte: w.to.toISOString() }),
        },
      }
    : {}

/** A window's page, newest first. */
const newest = (w: SourceWindow) => ({ take: w.take, order: { created_at: "DESC" as const } })

const decimal = (v: unknown) => (v == null ? undefined : MathBN.convert(v as string).toString())

/** A method as the admin filters it: sbp, card, subscription, or Platega's name in lower case. */
function methodKey(raw: unknown): string | undefined {
  if (raw == null || raw === "") return undefined
  const code = paymentMethodCode(raw as string | number)
  if (code === 2) return "sbp"
  if (code === 11) return "card"
  if (code === 6) return "subscription"
  return (code ? paymentMethodName(code) : String(raw))?.toLowerCase()
}

/** Checkout payments: the Platega payment sessions (any one-off method) that created a transaction. */
const checkoutSessions: TransactionSource = {
  name: "checkout",
  async list(scope, window) {
    const payments = scope.resolve(Modules.PAYMENT)
    const providers = (await payments.listPaymentProviders({}))
      .map((p) => p.id)
      .filter((id) => id.startsWith("pp_platega-") && !isSubscriptionProvider(id))
    if (!providers.length) return []
    const sessions = await payments.listPaymentSessions(
      { provider_id: providers, ...createdIn(window) },
      {
        ...newest(window),
        select: [
          "id",
          "provider_id",
          "data",
          "amount",
          "currency_code",
          "payment_collection_id",
          "created_at",
          "updated_at",
        ],
      },
    )
    return sessions.flatMap((s): TransactionEntry[] => {
      const data = (s.data ?? {}) as Record<string, unknown>
      if (typeof data.transaction_id !== "string" || !data.transaction_id) return []
      return [
        {
          id: data.transaction_id.toLowerCase(),
          source: "checkout",
          created_at: new Date(s.created_at as unknown as string),
          amount: decimal(s.amount),
          currency_code: s.currency_code?.toUpperCase(),
          // The session's own method code (SberPay, foreign card, …); older sessions by provider.
          method:
            methodKey(data.payment_method) ??
            (s.provider_id.startsWith("pp_platega-card") ? "card" : "sbp"),
          platega_status: typeof data.platega_status === "string" ? data.platega_status : "PENDING",
          // When the provider had that answer; sessions from before it wrote one: their last update.
          platega_status_at: new Date(
            (typeof data.platega_status_at === "string" && data.platega_status_at) ||
              (s.updated_at as unknown as string),
          ),
          session_id: s.id,
          payment_collection_id: (s as unknown as { payment_collection_id: string })
            .payment_collection_id,
          cart_id: typeof data.cart_id === "string" ? data.cart_id : undefined,
        },
      ]
    })
  },
}

/** Subscription charges: every charge Platega made, each a transaction of its own. */
const subscriptionCharges: TransactionSource = {
  name: "subscription",
  async list(scope, window) {
    const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const charges = await platega.listPlategaSubscriptionCharges(createdIn(window), newest(window))
    return charges.map((c) => {
      const row = c as unknown as Record<string, unknown> & typeof c
      return {
        id: c.platega_id.toLowerCase(),
        source: "subscription" as const,
        created_at: new Date((c.charged_at ?? c.created_at) as unknown as string),
        amount: decimal(row.raw_amount ?? c.amount),
        currency_code: c.currency_code.toUpperCase(),
        method: "subscription",
        platega_status: c.status,
        platega_status_at: new Date(c.updated_at as unknown as string),
        order_id: c.order_id ?? undefined,
        subscription_id: (row.subscription_id as string | undefined) ?? undefined,
      }
    })
  },
}

/** Payment links: the links made for money an order still needs (paid or not yet). */
const paymentLinks: TransactionSource = {
  name: "link",
  async list(scope, window) {
    const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const paymentLinks = await platega.listPlategaPaymentLinks(createdIn(window), newest(window))
    return paymentLinks.map((l) => ({
      id: l.transaction_id.toLowerCase(),
      source: "link" as const,
      created_at: new Date(l.created_at as unknown as string),
      amount: decimal(l.amount),
      currency_code: l.currency_code.toUpperCase(),
      method: "link",
      platega_status: l.platega_status ?? "PENDING",
      platega_status_at: new Date((l.platega_read_at ?? l.created_at) as unknown as string),
      payment_collection_id: l.payment_collection_id,
      order_id: l.order_id ?? undefined,
    }))
  },
}

/**
 * The callback log: every transaction Platega told the store about, including those nothing else
 * knows (a payment that matches no session, a payment link's transaction).
 */
const callbackLog: TransactionSource = {
  name: "callbacks",
  async list(scope, window) {
    const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const kind = ["transaction", "subscription_charge"]
    const config = newest(window)
    const [recent, flagged] = await Promise.all([
      platega.listPlategaCallbackEvents({ kind, ...createdIn(window) }, config),
      // Flagged ones however old: a case needing attention is never beyond the newest N.
      platega.listPlategaCallbackEvents({ kind, outcome: "flagged", ...createdIn(window) }, config),
    ])
    const events = [...new Map([...flagged, ...recent].map((e) => [e.id, e])).values()]
    return events.map((e) => {
      const body = (e.body ?? {}) as Record<string, unknown>
      const amount = body.amount ?? body.Amount
      const currency = body.currency ?? body.Currency
      return {
        id: e.platega_id.toLowerCase(),
        source: "callback" as const,
        created_at: new Date(e.created_at as unknown as string),
        amount:
          typeof amount === "number" || typeof amount === "string" ? decimal(amount) : undefined,
        currency_code: typeof currency === "string" ? currency.toUpperCase() : undefined,
        method: methodKey(body.paymentMethod ?? body.PaymentMethod),
        // The store's read when it processed the callback; never what the callback claimed.
        platega_status: e.read_status ?? undefined,
        platega_status_at: e.read_at ? new Date(e.read_at as unknown as string) : undefined,
        session_id: e.session_id ?? undefined,
        order_id: e.order_id ?? undefined,
        subscription_id: typeof body.SubscriptionId === "string" ? body.SubscriptionId : undefined,
      }
    })
  },
}

/** Every place the listing reads, the owners of a transaction's record first. */
export const TRANSACTION_SOURCES: TransactionSource[] = [
  checkoutSessions,
  subscriptionCharges,
  paymentLinks,
  callbackLog,
]
