import { MedusaError } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  type CancelTransactionResult,
  type PlategaClient,
} from "../../../lib/platega"
import { bothLanguages } from "./admin-message"
import { cancelRefusal } from "./refusal"

/**
 * Platega's one way back for a transaction, for a pending one (cancel) and a paid one (refund):
 * ask cancel-supported, then cancel. A refusal or a hand-over to manual review is an error, so
 * nothing is recorded that did not happen.
 */
export async function cancelAtPlatega(
  client: PlategaClient,
  id: string,
  verb: "cancel" | "refund",
): Promise<CancelTransactionResult> {
  const check = await client.getCancelSupported(id)
  if (!check.supported) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, cancelRefusal(verb, id, check))
  }
  const result = await client.cancelTransaction(id)
  if (!result.accepted) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Platega did not ${verb} transaction ${id}${result.manualControlRequired ? " (it needs manual review by Platega)" : ""}${result.message ? `: ${result.message}` : ""}`,
    )
  }
  return result
}

export interface PlategaRefund {
  /** The transaction's status after the refund (CHARGEBACKED once Platega has returned it). */
  platega_status: string
  /** True when the money had already gone back: nothing was sent again. */
  already_returned: boolean
  /** Platega's message on the refund, if any. */
  message: string | null
}

/**
 * Returns a paid transaction's whole amount to the payer (Platega has no partial refund), the one
 * way the order refund and the admin's refund of a flagged payment both use. A transaction whose
 * money already went back is reported, not refunded twice; one that is not paid is refused.
 */
export async function refundAtPlatega(client: PlategaClient, id: string): Promise<PlategaRefund> {
  const tx = await client.getTransaction(id)
  const outcome = classifyTransactionStatus(tx.status)
  if (outcome === "reversed") {
    return { platega_status: tx.status, already_returned: true, message: null }
  }
  if (outcome !== "confirmed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      bothLanguages({
        ru: `Platega: транзакция ${id} не подтверждена (статус ${tx.status}); вернуть можно только подтверждённый платёж`,
        en: `Platega: transaction ${id} is ${tx.status}; only a CONFIRMED payment can be refunded`,
      }),
    )
  }
  const result = await cancelAtPlatega(client, id, "refund")
  const after = await client.getTransaction(id).catch(() => undefined)
  return {
    platega_status: after?.status ?? tx.status,
    already_returned: false,
    message: result.message ?? null,
  }
}
