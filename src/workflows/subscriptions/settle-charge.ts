import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { errorMessage } from "../error-message"
import type { OutcomeRecord } from "../callbacks/record-outcome"
import {
  chargeNext,
  chargeOutcome,
  chargeReadOutcome,
  checkCharge,
  statusAfterCharge,
  type SettleChargeInput,
} from "./charge-decisions"
import { createRenewalOrderWorkflow } from "./create-renewal-order"
import { claimPlategaChargeStep } from "./steps/claim-charge"
import { payFirstOrderStep } from "./steps/first-charge"
import { readPlategaChargeStep, readPlategaSubscriptionStep } from "./steps/read-platega"
import { classifyPlategaChargeStep, recordPlategaChargeStep } from "./steps/record-charge"
import { applyPlategaReadStep, ensureSubscriptionRecordStep } from "./steps/subscription-record"
import { lockSubscription, unlockSubscription } from "./subscription-lock"

export type { SettleChargeInput } from "./charge-decisions"
export const settleSubscriptionChargeWorkflowId = "settle-platega-subscription-charge"

/**
 * One subscription charge into the store, under its subscription's lock: confirmed by
 * GET /transaction/{id}, its subscription read (GET /subscription/{id}) and recorded, the charge
 * written to the ledger (unique per transaction id); a CONFIRMED charge then pays the checkout's
 * order (the first one) or, claimed by exactly one run, becomes one renewal order through Medusa's
 * order workflows; a CANCELED charge makes the subscription PastDue and no order. Should the
 * renewal order fail, its steps are undone and the claim given back. Run it through
 * `settleSubscriptionCharge`: it holds a lock, so it never runs as a sub-workflow.
 */
export const settleSubscriptionChargeWorkflow = createWorkflow(
  settleSubscriptionChargeWorkflowId,
  (input: SettleChargeInput) => {
    const tx = readPlategaChargeStep(input)
    const early = transform({ input, tx }, ({ input, tx }) => chargeReadOutcome(input, tx))
    const go = transform({ early }, ({ early }) => !early)

    // Taken after Platega's read, in every run (a lock step inside `when` does not get its values
    // reliably): an unknown or unconfirmed charge holds it for an instant and reads nothing more.
    const lock = lockSubscription(transform({ input }, ({ input }) => input.subscription_id))
    const sub = when("platega-charge-confirmed", { go }, ({ go }) => go).then(() =>
      readPlategaSubscriptionStep(input),
    )
    const found = when("platega-charge-subscription-known", { sub }, ({ sub }) => !!sub).then(() =>
      ensureSubscriptionRecordStep(transform({ sub }, ({ sub }) => ({ sub: sub! }))),
    )
    const check = transform({ go, tx, input, sub, found }, ({ go, tx, input, sub, found }) =>
      go ? checkCharge(tx!, input, sub, found) : undefined,
    )
    const charge = when("platega-charge-accepted", { check }, ({ check }) => !!check?.accept).then(
      () =>
        recordPlategaChargeStep(
          transform({ tx, found, input }, ({ tx, found, input }) => ({
            tx: tx!,
            subscription_id: found!.id,
            source: input.source,
          })),
        ),
    )
    const record = when(
      "platega-charge-applies-read",
      { check },
      ({ check }) => !!check && (check.accept || check.apply_read),
    ).then(() =>
      applyPlategaReadStep(
        transform({ tx, sub, found, check }, ({ tx, sub, found, check }) => ({
          record: found!,
          sub: sub!,
          ...(check!.accept && { status: statusAfterCharge(tx!, found!, sub!) }),
        })),
      ),
    )
    const kind = when(
      "platega-charge-needs-order",
      { tx, charge },
      ({ tx, charge }) => chargeNext(tx!, charge) === "order",
    ).then(() =>
      classifyPlategaChargeStep(
        transform({ charge, found }, ({ charge, found }) => ({
          charge: charge!,
          subscription_id: found!.id,
        })),
      ),
    )
    const first = when("platega-charge-is-first", { kind }, ({ kind }) => kind === "first").then(
      () =>
        payFirstOrderStep(
          transform({ record, sub, charge, tx }, ({ record, sub, charge, tx }) => ({
            record: record!,
            sub: sub!,
            charge_id: charge!.id,
            transaction_id: tx!.id,
          })),
        ),
    )
    const claim = when(
      "platega-charge-is-renewal",
      { kind },
      ({ kind }) => kind === "renewal",
    ).then(() =>
      claimPlategaChargeStep(transform({ charge }, ({ charge }) => ({ charge_id: charge!.id }))),
    )
    const renewal = when("platega-charge-claimed", { claim }, ({ claim }) => !!claim?.claimed).then(
      () =>
        createRenewalOrderWorkflow.runAsStep({
          input: transform({ record, charge, tx }, ({ record, charge, tx }) => ({
            subscription_id: record!.id,
            charge_id: charge!.id,
            transaction: tx!,
          })),
        }),
    )
    unlockSubscription(lock)

    return new WorkflowResponse(
      transform(
        { early, tx, check, record, charge, kind, first, claim, renewal },
        (s): OutcomeRecord =>
          s.early ??
          chargeOutcome({
            tx: s.tx!,
            check: s.check!,
            record: s.record,
            charge: s.charge,
            kind: s.kind,
            first: s.first,
            claimed: s.claim?.claimed,
            renewal: s.renewal,
          }),
      ),
    )
  },
)

/**
 * Settles one charge as a workflow of its own (so its lock holds). A run that fails leaves the
 * reason on a paid charge still without its order, for the merchant and the sync job's note.
 */
export async function settleSubscriptionCharge(
  container: MedusaContainer,
  input: SettleChargeInput,
): Promise<OutcomeRecord> {
  try {
    const { result } = await settleSubscriptionChargeWorkflow(container).run({ input })
    return result
  } catch (e) {
    await noteChargeFailure(container, input.charge_id, errorMessage(e))
    throw e
  }
}

async function noteChargeFailure(
  container: MedusaContainer,
  chargeId: string,
  message: string,
): Promise<void> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [charge] = await platega.listPlategaSubscriptionCharges(
    { platega_id: chargeId.toLowerCase() },
    { take: 1, select: ["id", "kind", "order_id"] },
  )
  if (charge?.kind !== "renewal" || charge.order_id) return
  await platega.updatePlategaSubscriptionCharges({ id: charge.id, error: message.slice(0, 1000) })
}
