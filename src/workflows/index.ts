export { handlePlategaTransactionWorkflow } from "./callbacks/handle-platega-transaction"
export type { HandlePlategaTransactionInput } from "./callbacks/handle-platega-transaction"
export { processPlategaCallbackWorkflow } from "./callbacks/process-platega-callback"
export { runPlategaCallback } from "./callbacks/run-platega-callback"
export { reconcilePlategaPaymentsWorkflow } from "./callbacks/reconcile-platega-payments"
export type { ReconcileReport } from "./callbacks/reconcile-platega-payments"
export { createPlategaPayoutWorkflow } from "./payouts/create-payout"
export type { CreatePayoutResult } from "./payouts/create-payout"
export { recheckPlategaPayoutWorkflow } from "./payouts/recheck-payout"
export type { RecheckPayoutInput, RecheckPayoutResult } from "./payouts/recheck-payout"
export type { CreatePayoutInput, PayoutActor } from "./payouts/types"
export {
  exportPlategaTransactionsWorkflow,
  exportPlategaTransactionsWorkflowId,
} from "./exports/export-platega-transactions"
export type { ExportPlategaTransactionsInput } from "./exports/export-platega-transactions"
