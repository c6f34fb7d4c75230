export { handlePlategaTransactionWorkflow } from "./callbacks/handle-platega-transaction"
export type { HandlePlategaTransactionInput } from "./callbacks/handle-platega-transaction"
export { processPlategaCallbackWorkflow } from "./callbacks/process-platega-callback"
export { runPlategaCallback } from "./callbacks/run-platega-callback"
export { reconcilePlategaPaymentsWorkflow } from "./callbacks/reconcile-platega-payments"
export type { ReconcileReport } from "./callbacks/reconcile-platega-payments"
export {
  exportPlategaTransactionsWorkflow,
  exportPlategaTransactionsWorkflowId,
} from "./exports/export-platega-transactions"
export type { ExportPlategaTransactionsInput } from "./exports/export-platega-transactions"
