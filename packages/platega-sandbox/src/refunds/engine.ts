import { CURRENCIES, TX_STATUS, txStatusName } from "../shared/codes"
import type { SandboxContext } from "../context"
import { ApiError, ControlError } from "../shared/errors"
import { fromMinor, toUsdt } from "../shared/money"
import { REFUND } from "../transactions/state"
import { sendTransactionCallback } from "../transactions/engine"
import { usdtRateOrOne } from "../rates/engine"

// Refunds ("cancel a transaction"). Rules of the sandbox:
// - only CONFIRMED transactions, full amount only (the service has no partial refund);
// - the merchant's balance in the transaction currency must cover the full amount, because the payer
//   gets everything back while the merchant was credited the amount less commission: the commission
//   is the penalty;
// - amounts >= settings.manualControlThreshold (or every refund with forceManualControl) are not
//   refunded at once: accepted=false, manualControlRequired=true, the amount is frozen until the
//   control API approves (→ CHARGEBACKED) or rejects (→ stays CONFIRMED) it.

export interface CancelSupport {
  supported: boolean
  totalDeductUsdt: number
  penaltyUsdt: number
  penaltyNativeAmount: number
  penaltyNativeCurrency: string
  penaltyConversionRate: number
  blockReason: string | null
}

interface CancelResult {
  transactionId: string
  accepted: boolean
  manualControlRequired: boolean
  message: string
}

const BLOCK_MESSAGES: Record<string, string> = {
  TRANSACTION_NOT_CONFIRMED: "Only CONFIRMED transactions can be cancelled.",
  REFUND_IN_PROGRESS: "A refund of this transaction is waiting for manual control.",
  REFUND_REJECTED: "A refund of this transaction was rejected; contact support.",
  INSUFFICIENT_BALANCE: "The merchant balance does not cover the refund.",
}

function blockReason(ctx: SandboxContext, i: number): string | null {
  const { txs } = ctx
  if (txs.status[i] !== TX_STATUS.CONFIRMED) return "TRANSACTION_NOT_CONFIRMED"
  if (txs.refund[i] === REFUND.MANUAL_CONTROL) return "REFUND_IN_PROGRESS"
  if (txs.refund[i] === REFUND.REJECTED) return "REFUND_REJECTED"
  const currency = CURRENCIES[txs.currency[i]]
  if (ctx.ledger.availableMinor(currency) < txs.amountMinor[i]) return "INSUFFICIENT_BALANCE"
  return null
}

export function cancelSupport(ctx: SandboxContext, i: number): CancelSupport {
  const { txs } = ctx
  const currency = CURRENCIES[txs.currency[i]]
  const rate = usdtRateOrOne(ctx, currency, txs.method[i])
  const commission = txs.commissionMinor(i)
  const reason = blockReason(ctx, i)
  return {
    supported: reason === null,
    totalDeductUsdt: toUsdt(txs.amountMinor[i], rate),
    penaltyUsdt: toUsdt(commission, rate),
    penaltyNativeAmount: fromMinor(commission),
    penaltyNativeCurrency: currency,
    penaltyConversionRate: rate,
    blockReason: reason,
  }
}

export function cancelTransaction(ctx: SandboxContext, i: number): CancelResult {
  const { txs, settings } = ctx
  const id = txs.ids[i]
  const reason = blockReason(ctx, i)
  if (reason) {
    const status = txStatusName(txs.status[i])
    const message = `Transaction ${id} cannot be cancelled (${status}): ${BLOCK_MESSAGES[reason]}`
    throw new ApiError(
      400,
      "Transaction:CANCEL_NOT_SUPPORTED",
      4001,
      message,
      [],
      settings.cancelErrorsAsText,
    )
  }
  const currency = CURRENCIES[txs.currency[i]]
  const amount = txs.amountMinor[i]
  if (settings.forceManualControl || fromMinor(amount) >= settings.manualControlThreshold) {
    ctx.ledger.freeze(currency, amount)
    txs.refund[i] = REFUND.MANUAL_CONTROL
    const message =
      "The refund needs manual control by the service; the amount is frozen meanwhile."
    txs.extra(i).refundMessage = message
    return { transactionId: id, accepted: false, manualControlRequired: true, message }
  }
  ctx.ledger.debit(currency, amount)
  completeRefund(ctx, i, "Refund completed.")
  return {
    transactionId: id,
    accepted: true,
    manualControlRequired: false,
    message: "Refund accepted.",
  }
}

function completeRefund(ctx: SandboxContext, i: number, message: string): void {
  const { txs } = ctx
  txs.status[i] = TX_STATUS.CHARGEBACKED
  txs.refund[i] = REFUND.COMPLETED
  txs.extra(i).refundMessage = message
  sendTransactionCallback(ctx, i)
}

function requireManualControl(ctx: SandboxContext, i: number): void {
  if (ctx.txs.refund[i] !== REFUND.MANUAL_CONTROL) {
    throw new ControlError(
      409,
      `transaction ${ctx.txs.ids[i]} has no refund waiting for manual control`,
    )
  }
}

export function approveRefund(ctx: SandboxContext, i: number): void {
  requireManualControl(ctx, i)
  ctx.ledger.unfreeze(CURRENCIES[ctx.txs.currency[i]], ctx.txs.amountMinor[i], true)
  completeRefund(ctx, i, "Refund approved by manual control.")
}

export function rejectRefund(ctx: SandboxContext, i: number): void {
  requireManualControl(ctx, i)
  ctx.ledger.unfreeze(CURRENCIES[ctx.txs.currency[i]], ctx.txs.amountMinor[i], false)
  ctx.txs.refund[i] = REFUND.REJECTED
  ctx.txs.extra(i).refundMessage = "Refund rejected by manual control."
}

/** A dispute: the money goes back to the payer whatever the balance (it may go negative). */
export function chargeback(ctx: SandboxContext, i: number): void {
  const { txs } = ctx
  if (txs.status[i] !== TX_STATUS.CONFIRMED) {
    throw new ControlError(
      409,
      `cannot charge back transaction ${txs.ids[i]}: it is ${txStatusName(txs.status[i])}, not CONFIRMED`,
    )
  }
  if (txs.refund[i] === REFUND.MANUAL_CONTROL) {
    approveRefund(ctx, i)
    return
  }
  ctx.ledger.debit(CURRENCIES[txs.currency[i]], txs.amountMinor[i])
  txs.status[i] = TX_STATUS.CHARGEBACKED
  txs.extra(i).refundMessage = "Chargeback (dispute)."
  sendTransactionCallback(ctx, i)
}
