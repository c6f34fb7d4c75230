export { handlePlategaTransactionWorkflow } from "./callbacks/handle-platega-transaction"
export type { HandlePlategaTransactionInput } from "./callbacks/handle-platega-transaction"
export { processPlategaCallbackWorkflow } from "./callbacks/process-platega-callback"
export { runPlategaCallback } from "./callbacks/process-platega-callback"
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
export { savePlategaSettingsWorkflow } from "./settings/save-platega-settings"
export type { SavePlategaSettingsInput } from "./settings/save-platega-settings"
export { savePlategaConnectionTestWorkflow } from "./settings/save-platega-connection-test"
export { rotatePlategaSecretsWorkflow } from "./settings/rotate-platega-secrets"
export { createRenewalOrderWorkflow } from "./subscriptions/create-renewal-order"
export {
  settleSubscriptionChargeWorkflow,
  settleSubscriptionChargeWorkflowId,
} from "./subscriptions/settle-charge"
export type { SettleChargeInput } from "./subscriptions/settle-charge"
export {
  settleSubscriptionStatusWorkflow,
  settleSubscriptionStatusWorkflowId,
} from "./subscriptions/settle-status"
export type { SettleStatusInput } from "./subscriptions/settle-status"
export {
  syncPlategaSubscriptionWorkflow,
  syncPlategaSubscriptionWorkflowId,
} from "./subscriptions/sync-subscription"
export { setVariantPlanWorkflow } from "./subscriptions/set-variant-plan"
export { syncPlategaSubscriptionsWorkflow } from "./subscriptions/sync-platega-subscriptions"
export type { SyncOptions, SyncReport } from "./subscriptions/sync-platega-subscriptions"
export {
  cancelPlategaSubscriptionWorkflow,
  cancelPlategaSubscriptionWorkflowId,
} from "./subscriptions/cancel-subscription"
export type {
  CancelSubscriptionInput,
  CancelSubscriptionResult,
} from "./subscriptions/steps/cancel-subscription"
export {
  settleFlaggedCaseWorkflow,
  settleFlaggedCaseWorkflowId,
} from "./attention/settle-flagged-case"
export type { SettleFlaggedCaseInput } from "./attention/settle-flagged-case"
export {
  notifyFlaggedCaseWorkflow,
  notifyFlaggedCaseWorkflowId,
} from "./attention/notify-flagged-case"
