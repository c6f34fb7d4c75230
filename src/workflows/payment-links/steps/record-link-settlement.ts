import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentDTO } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  PLATEGA_MODULE,
  PLATEGA_PAYMENT_LINK_FLAGGED,
  PLATEGA_PAYMENT_LINK_PAID,
  type PlategaModuleService,
} from "../../../modules/platega"
import type { LinkSettlement } from "./decide-link-settlement"

interface RecordSettlementInput {
  decision: LinkSettlement
  payment?: PaymentDTO | null
  captured_collection_id?: string | null
}

/**
 * Writes the settlement on the link. A capture that left no captured payment is an error, so the
 * callback stays open and the reconciliation job tries again. A link that paid the collection
 * withdraws the collection's other live links.
 */
export const recordLinkSettlementStep = createStep(
  "record-platega-link-settlement",
  async ({ decision, payment, captured_collection_id }: RecordSettlementInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    if (decision.action === "none") return new StepResponse(decision)
    if (decision.action === "mark") {
      await platega.updatePlategaPaymentLinks({
        id: decision.link_id,
        platega_status: decision.platega_status,
        platega_read_at: new Date(),
        ...(decision.status ? { status: decision.status } : {}),
      })
      return new StepResponse(decision)
    }
    if (!payment?.captured_at && !payment?.captures?.length) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Payment link ${decision.link_id}: Medusa did not capture its payment (will be retried)`,
      )
    }
    await platega.updatePlategaPaymentLinks({
      id: decision.link_id,
      status: "paid",
      platega_status: decision.platega_status,
      platega_read_at: new Date(),
      paid_at: new Date(),
      payment_id: payment.id,
      captured_collection_id: captured_collection_id ?? null,
      flag: decision.flag ?? null,
      flag_detail: decision.flag ? decision.detail : null,
    })
    if (decision.collection_id) {
      const others = await platega.listPlategaPaymentLinks({
        payment_collection_id: decision.collection_id,
        status: "pending",
      })
      const withdrawn = others.filter((o) => o.id !== decision.link_id)
      if (withdrawn.length) {
        await platega.updatePlategaPaymentLinks(
          withdrawn.map((o) => ({
            id: o.id,
            status: "canceled" as const,
            superseded_by: o.superseded_by ?? decision.link_id,
          })),
        )
      }
    }
    const events = container.resolve(Modules.EVENT_BUS)
    const data = {
      id: decision.link_id,
      transaction_id: decision.transaction_id,
      order_id: decision.order_id,
      payment_collection_id: decision.payment_collection_id,
      payment_id: payment.id,
      flag: decision.flag ?? null,
    }
    await events.emit({ name: PLATEGA_PAYMENT_LINK_PAID, data })
    // The admin is told through the case the callback log records (one notification per case).
    if (decision.flag) await events.emit({ name: PLATEGA_PAYMENT_LINK_FLAGGED, data })
    return new StepResponse(decision)
  },
)
