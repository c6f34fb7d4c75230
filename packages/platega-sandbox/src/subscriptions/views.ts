import type { SandboxContext } from "../context"
import { payerCancelUrl, payPageUrl } from "../payer/links"
import { CURRENCIES, INTERVAL_UNITS, subscriptionStatusCode } from "../shared/codes"
import { fromMinor } from "../shared/money"
import { iso, isoOrNull } from "../shared/timefmt"
import type { SubscriptionRecord } from "./state"
import type { SandboxSubscription } from "./types"

// Response bodies of the subscription endpoints (the list form carries integer codes, the single
// form text), and the control API's view of a subscription.

export function createSubscriptionResponse(ctx: SandboxContext, s: SubscriptionRecord) {
  return {
    paymentMethod: "Subscription",
    transactionId: s.id,
    redirect: payPageUrl(ctx, s.id),
    status: "PENDING",
    merchantId: ctx.merchantId,
  }
}

export function subscriptionListItem(s: SubscriptionRecord) {
  return {
    id: s.id,
    status: subscriptionStatusCode(s.status),
    amount: fromMinor(s.amountMinor),
    currencyCode: CURRENCIES[s.currency],
    intervalUnit: s.intervalCode,
    intervalCount: s.intervalCount,
    nextChargeAt: isoOrNull(s.nextChargeAt),
    lastChargeAt: isoOrNull(s.lastChargeAt),
    customerEmail: s.customerEmail,
    description: s.description,
    chargesCount: s.chargesSuccess + s.chargesFailed,
    createdAt: iso(s.createdAt),
  }
}

export function subscriptionSingle(s: SubscriptionRecord) {
  return {
    id: s.id,
    status: s.status,
    amount: fromMinor(s.amountMinor),
    currencyCode: CURRENCIES[s.currency],
    intervalUnit: INTERVAL_UNITS[s.intervalCode].unit,
    intervalCount: s.intervalCount,
    startAt: isoOrNull(s.startAt),
    nextChargeAt: isoOrNull(s.nextChargeAt),
    lastChargeAt: isoOrNull(s.lastChargeAt),
    description: s.description,
    createdAt: iso(s.createdAt),
    customerEmail: s.customerEmail,
    chargeMetrics: {
      chargesTotal: s.chargesSuccess + s.chargesFailed,
      chargesSuccess: s.chargesSuccess,
      chargesFailed: s.chargesFailed,
      totalAmount: fromMinor(s.totalAmountMinor),
      lastChargeAt: isoOrNull(s.lastChargeAt),
      nextChargeAt: isoOrNull(s.nextChargeAt),
    },
  }
}

/** The control API's view: everything the sandbox knows about the subscription. */
export function subscriptionView(ctx: SandboxContext, s: SubscriptionRecord): SandboxSubscription {
  return {
    id: s.id,
    status: s.status,
    statusCode: subscriptionStatusCode(s.status),
    amount: fromMinor(s.amountMinor),
    currency: CURRENCIES[s.currency],
    intervalUnit: INTERVAL_UNITS[s.intervalCode].unit,
    intervalUnitCode: s.intervalCode,
    intervalCount: s.intervalCount,
    description: s.description,
    payload: s.payload,
    createdAt: iso(s.createdAt),
    bindDeadline: iso(s.bindDeadline),
    startAt: isoOrNull(s.startAt),
    nextChargeAt: isoOrNull(s.nextChargeAt),
    lastChargeAt: isoOrNull(s.lastChargeAt),
    customerEmail: s.customerEmail,
    chargesTotal: s.chargesSuccess + s.chargesFailed,
    chargesSuccess: s.chargesSuccess,
    chargesFailed: s.chargesFailed,
    totalAmount: fromMinor(s.totalAmountMinor),
    chargeIds: [...s.chargeIds],
    failNextCharges: s.failNextCharges,
    cancelledBy: s.cancelledBy,
    payerCancelUrl: payerCancelUrl(ctx, s.id),
  }
}
