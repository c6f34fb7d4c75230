import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import {
  chargesOf,
  countConfirmed,
  customersById,
  ordersById,
} from "../../../../workflows/subscriptions/read-subscriptions"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"
import { toAdminCharge, toAdminSubscription, type AdminPlategaSubscription } from "./view"

type Scope = Pick<MedusaContainer, "resolve">

/** Records as the admin lists them: with their customer and their count of paid charges. */
export async function adminSubscriptionItems(
  scope: Scope,
  records: SubscriptionRecord[],
): Promise<AdminPlategaSubscription[]> {
  const [charges, customers] = await Promise.all([
    chargesOf(
      scope,
      records.map((r) => r.id),
    ),
    customersById(
      scope,
      records.map((r) => r.customer_id),
    ),
  ])
  const counts = countConfirmed(charges)
  return records.map((r) =>
    toAdminSubscription(r, {
      customer: r.customer_id ? customers.get(r.customer_id) : undefined,
      charges_count: counts.get(r.id) ?? 0,
    }),
  )
}

/** One record with its charges and their orders (without Platega's live reading). */
export async function adminSubscriptionDetail(scope: Scope, record: SubscriptionRecord) {
  const [[item], charges] = await Promise.all([
    adminSubscriptionItems(scope, [record]),
    chargesOf(scope, [record.id]),
  ])
  const orders = await ordersById(
    scope,
    charges.map((c) => c.order_id),
  )
  return {
    ...item,
    cancel_response: record.cancel_response ?? null,
    charges: charges.map((c) => toAdminCharge(c, orders)),
  }
}

export async function findRecordOr404(scope: Scope, id: string): Promise<SubscriptionRecord> {
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [record] = await platega.listPlategaSubscriptions({ id }, { take: 1 })
  if (!record) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${id} was not found`)
  }
  return record as SubscriptionRecord
}
