import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Subscription } from "../../../lib/platega"
import { ensureFirstOrder, type FirstOrder } from "../first-order"
import {
  applyPlategaRead,
  ensureSubscriptionRecord,
  type SubscriptionRecord,
} from "../subscription-record"

// The store's record of a subscription mirrors Platega's reads. These steps have no compensation:
// what they write is what Platega says, true whatever fails after them, and a record put back
// would only announce its status changes twice.

/** The record, created on first sight from its checkout; undefined when not this store's. */
export const ensureSubscriptionRecordStep = createStep(
  "ensure-platega-subscription-record",
  async (input: { sub: Subscription }, { container }) =>
    new StepResponse<SubscriptionRecord | undefined>(
      await ensureSubscriptionRecord(container, input.sub),
    ),
)

/** The record brought in step with Platega's read (`status` when the caller decides it). */
export const applyPlategaReadStep = createStep(
  "apply-platega-subscription-read",
  async (
    input: { record: SubscriptionRecord; sub: Subscription; status?: string },
    { container },
  ) => new StepResponse(await applyPlategaRead(container, input.record, input.sub, input.status)),
)

/**
 * The checkout's order, once Platega took the first charge (see first-order.ts). No
 * compensation: the order is the shopper's checkout, paid, and Medusa's cart completion
 * compensates its own steps; a subscription cancelled because its checkout moved on stays so.
 */
export const ensureFirstOrderStep = createStep(
  "ensure-platega-first-order",
  async (input: { record: SubscriptionRecord; sub: Subscription }, { container }) =>
    new StepResponse<FirstOrder>(await ensureFirstOrder(container, input.record, input.sub)),
)
