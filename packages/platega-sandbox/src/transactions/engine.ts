import { CURRENCIES, NO_METHOD, TX_STATUS, txStatusName } from "../shared/codes"
import type { SandboxContext } from "../context"
import { ControlError } from "../shared/errors"
import { formatAmountDecimals } from "../shared/money"
import { TX_FLAG, type TxExtra } from "./state"
import type { DeclineReason } from "./types"

// One-off payments: creation, the payer's outcome, expiry, and the transaction status callback.

interface CreatePaymentInput {
  method: number
  amountMinor: number
  currency: string
  description: string
  payload: string | null
  returnUrl: string | null
  failedUrl: string | null
  orderId: string | null
  metadata: { userId?: string; userName?: string } | null
  link: boolean
}

export function createPayment(ctx: SandboxContext, input: CreatePaymentInput): number {
  const now = ctx.clock.now()
  const expiresAt = now + ctx.settings.expiresInSeconds * 1000
  const extra: TxExtra = {}
  if (input.returnUrl) extra.returnUrl = input.returnUrl
  if (input.failedUrl) extra.failedUrl = input.failedUrl
  if (input.orderId) extra.orderId = input.orderId
  if (input.metadata) extra.metadata = input.metadata
  const i = ctx.txs.add({
    id: ctx.ids.uuid(),
    amountMinor: input.amountMinor,
    currency: CURRENCIES.indexOf(input.currency),
    method: input.method,
    status: TX_STATUS.PENDING,
    createdAt: now,
    expiresAt,
    description: input.description,
    payload: input.payload,
    commissionPercent: ctx.settings.commissionPercent,
    flags: input.link ? TX_FLAG.LINK : 0,
    extra,
  })
  armExpiry(ctx, i)
  return i
}

/**
 * Like the service's batch job: an unpaid payment is cancelled some hours after it expired.
 * Seeded history and subscription charges never expire. Also re-armed after a restart.
 */
export function armExpiry(ctx: SandboxContext, i: number): void {
  const { txs } = ctx
  if (!txs.isPending(i) || txs.flags[i] & (TX_FLAG.SEEDED | TX_FLAG.SUBSCRIPTION_CHARGE)) return
  ctx.clock.schedule(txs.expiresAt[i] + ctx.settings.expiredCancelDelayMs, () => expire(ctx, i))
}

export function requireTransaction(ctx: SandboxContext, id: string): number {
  const i = ctx.txs.indexOf(id)
  if (i < 0) throw new ControlError(404, `transaction ${id} was not found`)
  return i
}

function requirePending(ctx: SandboxContext, i: number, action: string): void {
  const status = ctx.txs.status[i]
  if (status !== TX_STATUS.PENDING) {
    throw new ControlError(
      409,
      `cannot ${action} transaction ${ctx.txs.ids[i]}: it is ${txStatusName(status)}, not PENDING`,
    )
  }
}

/** The payer paid: credit the balance net of commission and tell the merchant. */
export function confirmPayment(ctx: SandboxContext, i: number, method?: number): void {
  requirePending(ctx, i, "confirm")
  const { txs } = ctx
  if (method !== undefined && txs.method[i] === NO_METHOD) txs.method[i] = method
  txs.status[i] = TX_STATUS.CONFIRMED
  const currency = CURRENCIES[txs.currency[i]]
  ctx.ledger.credit(currency, txs.amountMinor[i] - txs.commissionMinor(i))
  sendTransactionCallback(ctx, i)
}

export function declinePayment(
  ctx: SandboxContext,
  i: number,
  reason: DeclineReason,
  opts: { method?: number; card?: string } = {},
): void {
  requirePending(ctx, i, "decline")
  const { txs } = ctx
  if (opts.method !== undefined && txs.method[i] === NO_METHOD) txs.method[i] = opts.method
  txs.status[i] = TX_STATUS.CANCELED
  const extra = txs.extra(i)
  extra.declineReason = reason
  if (opts.card) extra.declinedCard = opts.card.slice(-4)
  sendTransactionCallback(ctx, i)
}

function expire(ctx: SandboxContext, i: number): void {
  // The row may be gone (reset) or settled meanwhile; then the batch has nothing to do.
  if (i >= ctx.txs.size || !ctx.txs.isPending(i)) return
  declinePayment(ctx, i, "expired")
}

/** The payer page refuses payment after this time (the batch cancels later). */
export function isExpired(ctx: SandboxContext, i: number): boolean {
  return ctx.clock.now() >= ctx.txs.expiresAt[i]
}

/** CallbackPayload, camelCase. `amount` is written with the service's 16 decimals by default. */
export function transactionCallbackBody(ctx: SandboxContext, i: number): string {
  const { txs } = ctx
  const method = txs.method[i]
  const marker = "__AMOUNT__"
  const body = JSON.stringify({
    id: txs.ids[i],
    amount: marker,
    currency: CURRENCIES[txs.currency[i]],
    status: txStatusName(txs.status[i]),
    paymentMethod: method === NO_METHOD ? null : method,
    payload: txs.payload(i),
  })
  return body.replace(
    `"${marker}"`,
    formatAmountDecimals(txs.amountMinor[i], ctx.settings.callbackAmountDecimals),
  )
}

export function sendTransactionCallback(ctx: SandboxContext, i: number): void {
  ctx.callbacks.send({
    kind: "transaction",
    subjectId: ctx.txs.ids[i],
    body: transactionCallbackBody(ctx, i),
  })
}
