import {
  CURRENCIES,
  INTERVAL_UNITS,
  SUBSCRIPTION_CALLBACK_STATUS,
  SUBSCRIPTION_METHOD,
  TX_STATUS,
} from "../shared/codes"
import type { SandboxContext } from "../context"
import { ControlError } from "../shared/errors"
import { fromMinor } from "../shared/money"
import type { SubscriptionRecord } from "./state"
import { TX_FLAG } from "../transactions/state"
import { addInterval, isoOrNull } from "../shared/timefmt"
import type { ChargeOutcome } from "./types"

// Subscriptions: PendingAgreement → Active (payer binds; first charge at once) → PastDue (a charge
// failed; the service does not retry) / Cancelled (merchant) / Failed (not bound in time, or the
// payer declined). Charges run on sandbox time, each a new transaction with its own id.

export interface CreateSubscriptionInput {
  amountMinor: number
  currency: string
  intervalCode: number
  intervalCount: number
  description: string
  payload: string | null
  returnUrl: string | null
  failedUrl: string | null
}

export function createSubscription(
  ctx: SandboxContext,
  input: CreateSubscriptionInput,
): SubscriptionRecord {
  const now = ctx.clock.now()
  const record: SubscriptionRecord = {
    id: ctx.ids.uuid(),
    status: "PendingAgreement",
    amountMinor: input.amountMinor,
    currency: CURRENCIES.indexOf(input.currency),
    intervalCode: input.intervalCode,
    intervalCount: input.intervalCount,
    description: input.description,
    payload: input.payload,
    returnUrl: input.returnUrl,
    failedUrl: input.failedUrl,
    createdAt: now,
    bindDeadline: now + ctx.settings.bindWindowMs,
    startAt: null,
    nextChargeAt: null,
    lastChargeAt: null,
    nextChargeNumber: 0,
    customerEmail: null,
    chargesSuccess: 0,
    chargesFailed: 0,
    totalAmountMinor: 0,
    chargeIds: [],
    failNextCharges: 0,
    cancelledBy: null,
    timer: null,
  }
  ctx.subs.add(record)
  armSubscription(ctx, record)
  return record
}

export function requireSubscription(ctx: SandboxContext, id: string): SubscriptionRecord {
  const record = ctx.subs.get(id)
  if (!record) throw new ControlError(404, `subscription ${id} was not found`)
  return record
}

function requireStatus(record: SubscriptionRecord, allowed: string[], action: string): void {
  if (!allowed.includes(record.status)) {
    throw new ControlError(
      409,
      `cannot ${action} subscription ${record.id}: it is ${record.status}`,
    )
  }
}

function setStatus(
  ctx: SandboxContext,
  record: SubscriptionRecord,
  status: SubscriptionRecord["status"],
): void {
  record.status = status
  if (status !== "Active") {
    record.timer?.cancel()
    record.timer = null
    record.nextChargeAt = null
  }
  sendStatusCallback(ctx, record)
}

/** The payer agreed: Active, SUBSCRIPTION_ACTIVATED, then the first charge at once. */
export function bindSubscription(
  ctx: SandboxContext,
  record: SubscriptionRecord,
  opts: { email?: string | null; failRenewals?: boolean } = {},
): void {
  requireStatus(record, ["PendingAgreement"], "bind")
  record.timer?.cancel()
  record.timer = null
  const now = ctx.clock.now()
  record.customerEmail = opts.email || record.customerEmail
  record.startAt = now
  record.nextChargeNumber = 0
  // The activation callback already names the charge after the first one (made right below).
  record.nextChargeAt = addInterval(
    now,
    INTERVAL_UNITS[record.intervalCode].unit,
    record.intervalCount,
  )
  // The "simulate failing renewals" box of the bind page: the first charge succeeds, later ones fail.
  if (opts.failRenewals) record.failNextCharges = Number.MAX_SAFE_INTEGER
  setStatus(ctx, record, "Active")
  const outcome: ChargeOutcome | undefined = opts.failRenewals ? "success" : undefined
  charge(ctx, record, outcome)
}

export function declineSubscription(ctx: SandboxContext, record: SubscriptionRecord): void {
  requireStatus(record, ["PendingAgreement"], "decline")
  setStatus(ctx, record, "Failed")
}

/** Merchant cancel: idempotent, a final subscription is answered as it is. */
export function cancelSubscription(ctx: SandboxContext, record: SubscriptionRecord): void {
  if (record.status === "Cancelled" || record.status === "Failed") return
  record.cancelledBy = "merchant"
  setStatus(ctx, record, "Cancelled")
}

/**
 * The payer cancels through the link in Platega's e-mail: a bound subscription (Active or PastDue)
 * becomes Cancelled and the merchant gets SUBSCRIPTION_CANCELLED. Cancelling again changes nothing.
 */
export function payerCancelSubscription(ctx: SandboxContext, record: SubscriptionRecord): void {
  if (record.status === "Cancelled") return
  requireStatus(record, ["Active", "PastDue"], "cancel (as the payer)")
  record.cancelledBy = "payer"
  setStatus(ctx, record, "Cancelled")
}

/** Charges now (control) or when due (scheduler); `outcome` overrides failNextCharges. */
export function charge(
  ctx: SandboxContext,
  record: SubscriptionRecord,
  outcome?: ChargeOutcome,
): void {
  requireStatus(record, ["Active"], "charge")
  record.timer?.cancel()
  record.timer = null
  let success: boolean
  if (outcome) {
    success = outcome === "success"
  } else if (record.failNextCharges > 0) {
    success = false
    record.failNextCharges--
  } else {
    success = true
  }
  const now = ctx.clock.now()
  const currency = CURRENCIES[record.currency]
  const i = ctx.txs.add({
    id: ctx.ids.uuid(),
    amountMinor: record.amountMinor,
    currency: record.currency,
    method: SUBSCRIPTION_METHOD,
    status: success ? TX_STATUS.CONFIRMED : TX_STATUS.CANCELED,
    createdAt: now,
    expiresAt: now,
    description: record.description,
    payload: record.payload,
    commissionPercent: ctx.settings.commissionPercent,
    flags: TX_FLAG.SUBSCRIPTION_CHARGE,
    extra: {
      subscriptionId: record.id,
      ...(success ? {} : { declineReason: "charge_failed" as const }),
    },
  })
  record.chargeIds.push(ctx.txs.ids[i])
  record.lastChargeAt = now
  record.nextChargeNumber++
  if (success) {
    record.chargesSuccess++
    record.totalAmountMinor += record.amountMinor
    ctx.ledger.credit(currency, record.amountMinor - ctx.txs.commissionMinor(i))
    scheduleNext(ctx, record)
    sendChargeCallback(ctx, record, i)
  } else {
    record.chargesFailed++
    record.nextChargeAt = null
    sendChargeCallback(ctx, record, i)
    setStatus(ctx, record, "PastDue")
  }
}

function scheduleNext(ctx: SandboxContext, record: SubscriptionRecord): void {
  const { unit } = INTERVAL_UNITS[record.intervalCode]
  // Counted from startAt, not from the last charge: no drift, and month ends stay month ends.
  record.nextChargeAt = addInterval(
    record.startAt!,
    unit,
    record.intervalCount * record.nextChargeNumber,
  )
  armSubscription(ctx, record)
}

/**
 * The one timer of a subscription: the bind deadline while PendingAgreement, the next charge while
 * Active. Set when it is created or charged, and again after a restart.
 */
export function armSubscription(ctx: SandboxContext, record: SubscriptionRecord): void {
  record.timer?.cancel()
  record.timer = null
  if (record.status === "PendingAgreement") {
    record.timer = ctx.clock.schedule(record.bindDeadline, () => {
      record.timer = null
      if (record.status === "PendingAgreement") setStatus(ctx, record, "Failed")
    })
  } else if (record.status === "Active" && record.nextChargeAt !== null) {
    record.timer = ctx.clock.schedule(record.nextChargeAt, () => {
      record.timer = null
      if (record.status === "Active") charge(ctx, record)
    })
  }
}

function subscriptionCallback(
  record: SubscriptionRecord,
  fields: { Id: string; Status: string; NextChargeAt: number | null },
): string {
  return JSON.stringify({
    Id: fields.Id,
    Amount: fromMinor(record.amountMinor),
    Currency: CURRENCIES[record.currency],
    Status: fields.Status,
    PaymentMethod: SUBSCRIPTION_METHOD,
    Payload: record.payload,
    SubscriptionId: record.id,
    NextChargeAt: isoOrNull(fields.NextChargeAt),
  })
}

export function chargeCallbackBody(
  ctx: SandboxContext,
  record: SubscriptionRecord,
  txIndex: number,
): string {
  const confirmed = ctx.txs.status[txIndex] === TX_STATUS.CONFIRMED
  return subscriptionCallback(record, {
    Id: ctx.txs.ids[txIndex],
    Status: confirmed ? "CONFIRMED" : "CANCELED",
    NextChargeAt: confirmed ? record.nextChargeAt : null,
  })
}

function sendChargeCallback(
  ctx: SandboxContext,
  record: SubscriptionRecord,
  txIndex: number,
): void {
  const body = chargeCallbackBody(ctx, record, txIndex)
  ctx.callbacks.send({ kind: "subscription.charge", subjectId: record.id, body })
}

/** CallbackSubscriptionStatus; null for PendingAgreement (no callback exists for it). */
function statusCallbackBody(record: SubscriptionRecord): string | null {
  const status = SUBSCRIPTION_CALLBACK_STATUS[record.status]
  if (!status) return null
  return subscriptionCallback(record, {
    Id: record.id,
    Status: status,
    NextChargeAt: record.nextChargeAt,
  })
}

export function sendStatusCallback(ctx: SandboxContext, record: SubscriptionRecord): void {
  const body = statusCallbackBody(record)
  if (body) ctx.callbacks.send({ kind: "subscription.status", subjectId: record.id, body })
}
