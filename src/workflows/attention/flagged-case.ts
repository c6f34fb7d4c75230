import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type FlaggedEvent, type PlategaModuleService } from "../../modules/platega"
import { classifyTransaction } from "../transactions/classify"
import { ordersById, placesOfSessions } from "../transactions/places"

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
  const place = await classifyTransaction(scope, event.platega_id)
  // A payment the store made no record of, for one of its sessions: its cart through the session.
  const bySession =
    place.kind === "unknown" && event.session_id
      ? (await placesOfSessions(scope, [event.session_id])).get(event.session_id)
      : undefined
  const cartId = place.cart_id ?? bySession?.cart_id ?? null
  const orderId = event.order_id ?? place.order_id ?? bySession?.order_id ?? null
  const displayId =
    orderId === place.order_id
      ? place.order_display_id
      : orderId
        ? ((await ordersById(scope, [orderId])).get(orderId)?.display_id ?? null)
        : null
  return {
    event: event as unknown as FlaggedCase["event"],
    cart_id: cartId,
    order_id: orderId,
    order_display_id: displayId,
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
