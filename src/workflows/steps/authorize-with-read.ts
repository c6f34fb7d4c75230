import type { PaymentDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TransactionStatus } from "../../lib/platega"
import { withHandedReads } from "../../modules/platega"

/**
 * Medusa's authorization of a payment session (as core-flows' authorizePaymentSessionStep, with
 * its compensation), answered by the read of Platega this workflow already made, when it made
 * one: the provider then asks Platega nothing more (withHandedReads,
 * modules/platega/access/handed-reads.ts).
 */
export const authorizeWithReadStep = createStep(
  "authorize-platega-session-with-read",
  async (input: { id: string; transaction?: TransactionStatus }, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    try {
      await withHandedReads({ transactions: [input.transaction] }, () =>
        payments.authorizePaymentSession(input.id, {}),
      )
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(`Platega: authorizing payment session ${input.id} failed: ${String(e)}`)
      if (MedusaError.isMedusaError(e)) throw e
    }
    const session = await payments.retrievePaymentSession(input.id, {
      relations: ["payment", "payment.captures"],
    })
    if (session.status !== "authorized" || !session.payment) {
      throw new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        `Payment authorization failed`,
      )
    }
    return new StepResponse(session.payment as PaymentDTO, session.payment as PaymentDTO)
  },
  async (payment, { container }) => {
    if (!payment) return
    try {
      await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(`Platega: cancelling payment ${payment.id} failed: ${String(e)}`)
    }
  },
)
