import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import type { BigNumberInput, LinkDefinition } from "@medusajs/framework/types"
import {
  addOrderTransactionStep,
  confirmVariantInventoryWorkflow,
  createOrderWorkflow,
  createPaymentCollectionsStep,
  createPaymentSessionsWorkflow,
  createRemoteLinkStep,
  emitEventStep,
  reserveInventoryStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import type { TransactionStatus } from "../../lib/platega"
import { PLATEGA_MODULE, PLATEGA_SUBSCRIPTION_RENEWED } from "../../modules/platega"
import { authorizeWithReadStep } from "../steps/authorize-with-read"
import { loadRenewalStep, recordRenewalOrderStep } from "./steps/renewal"

type OrderItem = { id: string; variant_id?: string | null; quantity: BigNumberInput } | null

export const createRenewalOrderWorkflowId = "create-platega-renewal-order"

/** Variant fields Medusa needs to confirm and reserve stock (as cart completion reads them). */
const INVENTORY_FIELDS = [
  "id",
  "manage_inventory",
  "allow_backorder",
  "inventory_items.inventory_item_id",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
  "inventory_items.inventory.location_levels.raw_stocked_quantity",
  "inventory_items.inventory.location_levels.raw_reserved_quantity",
  "inventory_items.inventory.location_levels.location_id",
  "inventory_items.inventory.location_levels.stock_locations.id",
  "inventory_items.inventory.location_levels.stock_locations.name",
  "inventory_items.inventory.location_levels.stock_locations.sales_channels.id",
  "inventory_items.inventory.location_levels.stock_locations.sales_channels.name",
]

/**
 * One renewal: the order Platega's charge paid, built from the subscription's snapshot with
 * Medusa's order workflow, its stock reserved as at checkout, and a payment collection holding a
 * payment captured through the subscription provider for the charged amount. Linked to the
 * subscription; the charge records its order last. Run as a step of
 * settleSubscriptionChargeWorkflow, which holds the subscription's lock and the charge's claim;
 * a failure deletes what was made (Medusa's steps compensate) and gives the claim back.
 */
export const createRenewalOrderWorkflow = createWorkflow(
  createRenewalOrderWorkflowId,
  (input: {
    subscription_id: string
    charge_id: string
    /** The charge as Platega answered the settlement's read: the authorization reads no more. */
    transaction?: TransactionStatus
  }) => {
    const renewal = loadRenewalStep(input)

    const order = createOrderWorkflow.runAsStep({
      input: transform({ renewal }, ({ renewal }) => renewal.order_input),
    })

    const { data: orders } = useQueryGraphStep({
      entity: "order",
      fields: ["id", "items.id", "items.variant_id", "items.quantity"],
      filters: { id: order.id },
    }).config({ name: "renewal-order-items" })
    const { data: variants } = useQueryGraphStep({
      entity: "product_variant",
      fields: INVENTORY_FIELDS,
      filters: { id: transform({ renewal }, ({ renewal }) => renewal.variant_ids) },
    }).config({ name: "renewal-variants" })
    const stock = confirmVariantInventoryWorkflow.runAsStep({
      input: transform({ renewal, variants, orders }, ({ renewal, variants, orders }) => ({
        sales_channel_id: renewal.sales_channel_id as string,
        variants,
        items: ((orders[0]?.items ?? []) as OrderItem[]).filter(Boolean).map((i) => ({
          id: i!.id,
          variant_id: i!.variant_id as string,
          quantity: i!.quantity,
        })),
      })),
    })
    reserveInventoryStep(stock)

    const collections = createPaymentCollectionsStep(
      transform({ renewal }, ({ renewal }) => [
        { currency_code: renewal.currency_code, amount: renewal.amount },
      ]),
    )
    const collection = transform({ collections }, ({ collections }) => collections[0])
    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ renewal, collection }, ({ renewal, collection }) => ({
        payment_collection_id: collection.id,
        provider_id: renewal.provider_id,
        data: {
          renewal_of: renewal.platega_subscription_id,
          transaction_id: renewal.charge_platega_id,
        },
      })),
    })
    // The subscription provider checks the charge (GET /transaction/{id}, or the settlement's
    // read of it): CONFIRMED is captured.
    const payment = authorizeWithReadStep(
      transform({ session, input }, ({ session, input }) => ({
        id: session.id,
        transaction: input.transaction,
      })),
    )
    addOrderTransactionStep(
      transform({ payment, order }, ({ payment, order }) =>
        (payment?.captures ?? []).map((capture) => ({
          order_id: order.id,
          amount: capture.raw_amount ?? capture.amount,
          currency_code: payment!.currency_code,
          reference: "capture",
          reference_id: capture.id,
        })),
      ),
    )

    // Linked once paid: an order linked to its subscription is a complete renewal.
    createRemoteLinkStep(
      transform(
        { renewal, order, collection },
        ({ renewal, order, collection }): LinkDefinition[] => [
          {
            [Modules.ORDER]: { order_id: order.id },
            [Modules.PAYMENT]: { payment_collection_id: collection.id },
          },
          {
            [PLATEGA_MODULE]: { platega_subscription_id: renewal.subscription_id },
            [Modules.ORDER]: { order_id: order.id },
          },
        ],
      ),
    )
    recordRenewalOrderStep(
      transform({ input, order }, ({ input, order }) => ({
        charge_id: input.charge_id,
        order_id: order.id,
      })),
    )
    // A store's own last word on a renewal (e.g. a check of its own): a handler that throws undoes
    // the whole renewal, and the charge is settled again by the next delivery or sync run.
    const renewalOrderCreated = createHook("renewalOrderCreated", {
      order_id: order.id,
      subscription_id: renewal.subscription_id,
      platega_subscription_id: renewal.platega_subscription_id,
      charge_id: renewal.charge_platega_id,
    })
    emitEventStep({
      eventName: OrderWorkflowEvents.PLACED,
      data: transform({ order }, ({ order }) => ({ id: order.id })),
    }).config({ name: "emit-renewal-order-placed" })
    emitEventStep({
      eventName: PLATEGA_SUBSCRIPTION_RENEWED,
      data: transform({ renewal, order }, ({ renewal, order }) => ({
        id: renewal.subscription_id,
        platega_id: renewal.platega_subscription_id,
        status: renewal.status,
        order_id: order.id,
        charge_id: renewal.charge_platega_id,
      })),
    }).config({ name: "emit-platega-subscription-renewed" })

    return new WorkflowResponse(
      transform({ order }, ({ order }) => ({ order_id: order.id })),
      { hooks: [renewalOrderCreated] },
    )
  },
)
