import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { PlategaCallback } from "../../../lib/platega"
import {
  isFinalOutcome,
  PLATEGA_CALLBACK_RECEIVED,
  PLATEGA_MODULE,
  type PlategaModuleService,
} from "../../../modules/platega"
import {
  BodyTooLarge,
  MAX_FIELD_LENGTH,
  parseCallbackBody,
  readBody,
  refuseOversizedBody,
} from "./body"
import { callerOf, keptOfUnauthenticated, UNAUTHENTICATED_KINDS } from "./caller"
import { clientKeyOf } from "./client-address"

/**
 * THE callback URL for all three kinds of Platega callback. Answers fast (Platega waits 60 s, then
 * retries 3 times and gives up): verify, record, hand over to the event bus, 200. Any body gets a
 * 2xx or a 4xx: nothing a caller sends makes it fail.
 *
 * - The dashboard's probe (an empty body or `{}`) gets 200 with or without headers: it changes
 *   nothing, and a refusal would stop the merchant from saving the URL.
 * - Wrong X-MerchantId/X-Secret: 401, nothing recorded.
 * - No merchant headers at all: only a subscription charge is taken (Platega's schema makes the
 *   headers optional there), and only within the budget of Platega reads, per id, per client
 *   address and for the store (429 past it, so Platega delivers it again later). Only its ids and
 *   status are kept, and its processing trusts nothing in it but the ids to read.
 * - A body over 64 KiB: 413 and the connection closed, the rest never read.
 */
const REFUSED_BY = {
  id: "for this id",
  client: "from this address",
  store: "for this store",
} as const

export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  let raw: string
  try {
    raw = (await readBody(req)).toString("utf8")
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e
    refuseOversizedBody(req, res, e.message)
    return
  }
  let body: Record<string, unknown> | undefined
  let callback: PlategaCallback | undefined
  let invalid: string | undefined
  try {
    ;({ body, callback } = parseCallbackBody(raw))
  } catch (e) {
    invalid = (e as Error).message
  }
  if (callback?.kind === "probe") {
    res.status(200).json({ ok: true })
    return
  }
  const caller = await callerOf(platega, req.headers as Record<string, unknown>)
  if (caller === "forged") {
    res.status(401).json({ message: "Unauthorized: X-MerchantId/X-Secret do not match" })
    return
  }
  if (caller === "anonymous" && !(callback && UNAUTHENTICATED_KINDS.includes(callback.kind))) {
    res.status(401).json({
      message:
        "Unauthorized: X-MerchantId/X-Secret are required (only a subscription charge may come without them)",
    })
    return
  }
  if (!callback || !body) {
    res.status(400).json({ message: `Invalid Platega callback: ${invalid}` })
    return
  }
  const record =
    callback.kind === "transaction"
      ? { kind: callback.kind, platega_id: callback.id, status: callback.status }
      : { kind: callback.kind, platega_id: callback.Id, status: callback.Status }
  if (record.platega_id.length > MAX_FIELD_LENGTH || record.status.length > MAX_FIELD_LENGTH) {
    res.status(400).json({ message: "Invalid Platega callback: id or status too long" })
    return
  }
  const authenticated = caller === "merchant"
  if (!authenticated) {
    const budget = await platega.takeUnauthenticatedBudget(record.platega_id, clientKeyOf(req))
    if (!budget.allowed) {
      res.setHeader("Retry-After", String(budget.retryAfterSeconds))
      res.status(429).json({
        message: `Too many callbacks without X-MerchantId/X-Secret (${REFUSED_BY[budget.refusedBy ?? "store"]}): send it again later, or with the merchant headers`,
      })
      return
    }
  }
  const saved = await platega.recordCallback({
    ...record,
    body:
      authenticated || callback.kind !== "subscription_charge"
        ? body
        : keptOfUnauthenticated(callback),
    authenticated,
  })
  if (saved.created || !isFinalOutcome(saved.outcome)) {
    const eventBus = req.scope.resolve(Modules.EVENT_BUS)
    // With the Redis event bus the job is durable and retried; the reconciliation job backs it up.
    // A header-less one is not retried here: the reconciliation job's retry draws on its budget.
    await eventBus.emit(
      { name: PLATEGA_CALLBACK_RECEIVED, data: { id: saved.id } },
      { attempts: authenticated ? 5 : 1 },
    )
  } else {
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    if (logger.shouldLog("debug")) logger.debug(`Platega: duplicate callback ${saved.id}`)
  }
  res.status(200).json({ ok: true, id: saved.id, duplicate: !saved.created })
}
