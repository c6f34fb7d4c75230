import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"
import type { AdminListPlategaSubscriptionsType } from "./validators"
import { adminSubscriptionItems } from "./detail"

type Filters = Record<string, unknown>

/** The filters of the list, as the module's list takes them. */
async function filtersOf(
  scope: MedusaContainer,
  q: AdminListPlategaSubscriptionsType,
): Promise<Filters> {
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const and: Filters[] = []
  if (q.status?.length) and.push({ status: q.status })
  if (q.customer_id) and.push({ customer_id: q.customer_id })
  if (q.created_at_from) and.push({ created_at: { $gte: new Date(q.created_at_from) } })
  if (q.created_at_to) and.push({ created_at: { $lte: new Date(q.created_at_to) } })
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    // The payer's e-mail at Platega, Platega's id, or the e-mail of the store's customer.
    const { data: customers } = await query.graph({
      entity: "customer",
      fields: ["id"],
      filters: { email: { $ilike: like } },
      pagination: { take: 100 },
    })
    and.push({
      $or: [
        { customer_email: { $ilike: like } },
        { platega_id: { $ilike: like } },
        ...(customers.length ? [{ customer_id: customers.map((c) => c.id) }] : []),
      ],
    })
  }
  if (q.order_id) {
    // The checkout's order is on the record; a renewal's on its charge.
    const charges = await platega.listPlategaSubscriptionCharges(
      { order_id: q.order_id },
      { select: ["id", "subscription_id"] },
    )
    const ids = charges.map((c) => (c as unknown as { subscription_id: string }).subscription_id)
    and.push({ $or: [{ first_order_id: q.order_id }, { id: ids }] })
  }
  return and.length ? { $and: and } : {}
}

/**
 * GET /admin/platega/subscriptions: the store's subscriptions, by default the next to be charged
 * first (those with no next charge last).
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminListPlategaSubscriptionsType>,
  res: MedusaResponse,
): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const q = req.validatedQuery
  const field = q.order.replace(/^-/, "")
  const direction = q.order.startsWith("-") ? "DESC NULLS LAST" : "ASC NULLS LAST"
  const [rows, count] = await platega.listAndCountPlategaSubscriptions(
    await filtersOf(req.scope, q),
    { skip: q.offset, take: q.limit, order: { [field]: direction, id: "ASC" } },
  )
  res.json({
    subscriptions: await adminSubscriptionItems(req.scope, rows as SubscriptionRecord[]),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}
