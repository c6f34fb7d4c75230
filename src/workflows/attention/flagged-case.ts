import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type FlaggedEvent, type PlategaModuleService } from "../../modules/platega"
import { checkoutCarts, ordersById, placesOfCollections, sessionCollections } from "./places"

type Scope = Pick<MedusaContainer, "resolve">

export interface CaseResolutionRecord {
  id: string
  callback_event_id: string
  transaction_id: string
  action: "refunded" | "resolved"
  note: string | null
  actor_id: string | null
  refund: Record<string, unknown> | null
  created_at: Date | string
}

/** A flagged callback with where its money belongs and how it was settled, if it was. */
interface FlaggedCase {
  event: FlaggedEvent & { created_at: Date | string }
  cart_id: string | null
  order_id: string | null
  order_display_id: number | null
  resolution: CaseResolutionRecord | null
}

const CASE_FIELDS = [
  "id",
  "kind",
  "platega_id",
  "status",
  "body",
  "session_id",
  "order_id",
  "detail",
  "outcome",
  "case_kind",
  "created_at",
]

/** The flagged callback `id`, or undefined when there is no such record or it is not flagged. */
export async function findFlaggedCase(scope: Scope, id: string): Promise<FlaggedCase | undefined> {
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [event] = await platega.listPlategaCallbackEvents({ id }, { take: 1, select: CASE_FIELDS })
  if (!event || event.outcome !== "flagged") return undefined
  const [resolution] = await platega.listPlategaCaseResolutions(
    { callback_event_id: id },
    { take: 1 },
  )
  const collections = await sessionCollections(scope, [event.session_id])
  const collection = event.session_id ? collections.get(event.session_id) : undefined
  const place = (await placesOfCollections(scope, [collection])).get(collection ?? "")
  const cartId =
    place?.cart_id ??
    (await checkoutCarts(scope, [event.platega_id])).get(event.platega_id.toLowerCase())?.cart_id ??
    null
  const orderId = event.order_id ?? place?.order_id ?? null
  const order = orderId ? (await ordersById(scope, [orderId])).get(orderId) : undefined
  return {
    event: event as unknown as FlaggedCase["event"],
    cart_id: cartId,
    order_id: orderId,
    order_display_id: order?.display_id ?? null,
    resolution: (resolution as unknown as CaseResolutionRecord | undefined) ?? null,
  }
}

/** The case of a transaction a person is about to settle: 404 if unknown, 409 if settled. */
export async function openCaseOrThrow(
  scope: Scope,
  transactionId: string,
  caseId: string,
): Promise<FlaggedCase> {
  const found = await findFlaggedCase(scope, caseId)
  if (!found || found.event.platega_id.toLowerCase() !== transactionId.toLowerCase()) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No flagged case ${caseId} for transaction ${transactionId}`,
    )
  }
  if (found.resolution) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `Case ${caseId} was already ${found.resolution.action} on ${new Date(found.resolution.created_at).toISOString()}`,
    )
  }
  return found
}
