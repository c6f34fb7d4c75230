import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refetchEntity } from "@medusajs/framework/http"
import { MathBN, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { defaultPaymentCollectionFields } from "@medusajs/medusa/api/store/payment-collections/query-config"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { sessionStatusFor, startsPayment } from "../../providers/platega"
import { PLATEGA_PROVIDER } from "./payment-session-context"
import { TURN_EXPIRE_SECONDS, untilAnswered } from "./until-answered"

/** A transaction this close to its end is not handed out again: the payer needs time to pay. */
const MIN_TIME_LEFT_MS = 2 * 60_000
/** Reused without an expiry from Platega only this long after it was made. */
const REUSE_WITHOUT_EXPIRY_MS = 10 * 60_000
/**
 * Starts of one collection take turns (all instances): a click waits for the one before it to be
 * answered, then finds its transaction and is answered with it. Seconds to wait for the turn (it is
 * held at most TURN_EXPIRE_SECONDS, should its answer never end).
 */
const START_TURN_TIMEOUT_SECONDS = 30

/** What deciding on a reuse reads of the collection's sessions, each with its collection's amount. */
const SESSION_FIELDS = [
  ...["id", "provider_id", "status", "amount", "currency_code", "created_at", "data"],
  ...["amount", "currency_code"].map((f) => `payment_collection.${f}`),
]

type SessionData = Record<string, unknown>

interface StoredSession {
  id: string
  provider_id: string
  status: string
  amount: unknown
  currency_code: string
  created_at?: string | Date
  data?: SessionData | null
  payment_collection: { amount: unknown; currency_code: string }
}

/**
 * Starts of payments are bounded: at most `paymentStarts` per cart and per client in a window, all
 * instances together; past it, 429. Called only for a start that makes something at Platega (a
 * click answered with what is already started is not one). Answers whether the start may go on
 * (when not, the 429 has been sent).
 */
export async function takePaymentStart(
  req: MedusaRequest,
  res: MedusaResponse,
  cart: string,
): Promise<boolean> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const decision = await platega.takePaymentStart({ cart, client: req.ip })
  if (decision.allowed) return true
  res.setHeader("Retry-After", String(decision.retryAfterSeconds))
  res.status(429).json({
    type: "too_many_requests",
    message: `Too many payment starts ${decision.refusedBy === "cart" ? "for this cart" : "from this address"}: try again in ${decision.retryAfterSeconds} s`,
  })
  return false
}

/** A value as text whatever the order of its keys (a plan read twice may list them otherwise). */
const canonical = (v: unknown) =>
  JSON.stringify(v ?? null, v && typeof v === "object" ? Object.keys(v).sort() : undefined)

/** The session already started with exactly these terms, still worth paying. */
function isSameStart(
  session: StoredSession,
  providerId: string,
  wanted: SessionData,
  now: number,
): boolean {
  const collection = session.payment_collection
  const data = session.data ?? {}
  if (session.provider_id !== providerId || session.status !== PaymentSessionStatus.PENDING) {
    return false
  }
  if (!data.transaction_id && !data.subscription_id) return false
  const status = typeof data.platega_status === "string" ? data.platega_status : "PENDING"
  if (sessionStatusFor(status) !== PaymentSessionStatus.PENDING) return false
  const same = (k: string) => canonical(data[k]) === canonical(wanted[k])
  if (!["return_url", "failed_url", "pay", "plan"].every(same)) return false
  if (wanted.show_qr === true && !data.qr) return false
  if (session.currency_code !== collection.currency_code) return false
  if (!MathBN.eq(session.amount as never, collection.amount as never)) return false
  const expiresAt = typeof data.expires_at === "string" ? Date.parse(data.expires_at) : NaN
  if (!Number.isNaN(expiresAt)) return expiresAt - now > MIN_TIME_LEFT_MS
  const createdAt = session.created_at ? new Date(session.created_at).getTime() : NaN
  return now - createdAt < REUSE_WITHOUT_EXPIRY_MS
}

/**
 * Before Medusa's POST /store/payment-collections/:id/payment-sessions, when a Platega session
 * starts a payment (after addPlategaSessionContext and subscriptionPlanForSession): a Platega
 * transaction (or subscription) already started for the same amount, currency, method and return
 * addresses and not about to expire is answered again as Medusa's route answers
 * (`{ payment_collection }`), and costs nothing: Medusa would otherwise delete that session and
 * make a new one, a new Platega transaction per click. Only a start that goes on to Medusa's route
 * is counted against the cart's and the client's limits.
 */
export async function reuseOrBoundPaymentStart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  const body = req.body as { provider_id?: unknown; data?: SessionData } | undefined
  const providerId = body?.provider_id
  if (typeof providerId !== "string" || !PLATEGA_PROVIDER.test(providerId)) return next()
  const wanted = body?.data ?? {}
  if (!startsPayment(wanted)) return next()
  try {
    const collectionId = req.params.id
    const cart = typeof wanted.cart_id === "string" ? wanted.cart_id : collectionId
    // The turn lasts until this request is answered: by the reuse below, by a 429, or by Medusa's
    // route.
    await req.scope
      .resolve(Modules.LOCKING)
      .execute(
        `platega-start:${collectionId}`,
        () =>
          untilAnswered(res, next, () => answerOrStart(req, res, next, providerId, wanted, cart)),
        { timeout: START_TURN_TIMEOUT_SECONDS, expire: TURN_EXPIRE_SECONDS },
      )
  } catch (e) {
    if (!res.headersSent) next(e)
  }
}

/**
 * The started session answered again when it is the same start; otherwise a start, counted, and
 * Medusa's route.
 */
async function answerOrStart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
  providerId: string,
  wanted: SessionData,
  cart: string,
): Promise<void> {
  const collectionId = req.params.id
  // The sessions with their collection, in one statement.
  const sessions = (await req.scope
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { payment_collection_id: collectionId },
      { select: SESSION_FIELDS, relations: ["payment_collection"] },
    )) as unknown as StoredSession[]
  const now = Date.now()
  const started = sessions.find((s) => isSameStart(s, providerId, wanted, now))
  if (!started) {
    if (await takePaymentStart(req, res, cart)) next()
    return
  }
  const payment_collection = await refetchEntity({
    entity: "payment_collection",
    idOrFilter: collectionId,
    scope: req.scope,
    fields: req.queryConfig?.fields ?? defaultPaymentCollectionFields,
  })
  res.status(200).json({ payment_collection })
}
