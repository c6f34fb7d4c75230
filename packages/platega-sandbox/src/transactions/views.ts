import { createHash } from "node:crypto"
import type { SandboxContext } from "../context"
import { payPageUrl, qrContent } from "../payer/links"
import { CURRENCIES, NO_METHOD, methodName, txStatusName } from "../shared/codes"
import { fromMinor, toUsdt } from "../shared/money"
import { usdtRateOrOne } from "../rates/engine"
import { formatTimeSpan, iso } from "../shared/timefmt"

// Response bodies of the transaction endpoints, field for field (including the service's spellings
// `mechantId`, `comission`, `comissionUsdt`, `comissionType`).

/** commission is charged to the merchant (deducted from what is credited) */
const COMMISSION_TYPE_MERCHANT = 0

/** The acquirer's reference: a stable uuid derived from the transaction id. */
export function externalId(id: string): string {
  const h = createHash("sha1").update(`external:${id}`).digest("hex")
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

function paymentDetailsText(ctx: SandboxContext, i: number): string {
  return `${fromMinor(ctx.txs.amountMinor[i])} ${CURRENCIES[ctx.txs.currency[i]]}`
}

/** What both process answers say after the payment page's address, in Platega's order. */
function processedTail(ctx: SandboxContext, i: number) {
  const { txs } = ctx
  return {
    return: txs.extras.get(i)?.returnUrl ?? null,
    paymentDetails: paymentDetailsText(ctx, i),
    status: txStatusName(txs.status[i]),
    expiresIn: formatTimeSpan(ctx.settings.expiresInSeconds),
    merchantId: ctx.merchantId,
  }
}

export function createPaymentResponse(ctx: SandboxContext, i: number) {
  const { txs } = ctx
  const id = txs.ids[i]
  return {
    paymentMethod: methodName(txs.method[i]),
    transactionId: id,
    redirect: payPageUrl(ctx, id),
    ...processedTail(ctx, i),
    usdtRate: usdtRateOrOne(ctx, CURRENCIES[txs.currency[i]], txs.method[i]),
  }
}

export function createLinkResponse(ctx: SandboxContext, i: number) {
  const { txs } = ctx
  const id = txs.ids[i]
  return {
    paymentMethod: null,
    transactionId: id,
    url: payPageUrl(ctx, id),
    ...processedTail(ctx, i),
    rate: usdtRateOrOne(ctx, CURRENCIES[txs.currency[i]]),
  }
}

export function transactionStatusResponse(ctx: SandboxContext, i: number) {
  const { txs } = ctx
  const id = txs.ids[i]
  const currency = CURRENCIES[txs.currency[i]]
  const extra = txs.extras.get(i)
  const method = txs.method[i]
  const rate = usdtRateOrOne(ctx, currency, method)
  const commission = txs.commissionMinor(i)
  return {
    id,
    status: txStatusName(txs.status[i]),
    paymentDetails: { amount: fromMinor(txs.amountMinor[i]), currency },
    merchantName: ctx.settings.merchantName,
    mechantId: ctx.merchantId,
    comission: fromMinor(commission),
    paymentMethod: method === NO_METHOD ? null : methodName(method),
    expiresIn: formatTimeSpan(ctx.settings.expiresInSeconds),
    return: extra?.returnUrl ?? null,
    comissionUsdt: toUsdt(commission, rate),
    amountUsdt: toUsdt(txs.amountMinor[i], rate),
    qr: method === 2 ? qrContent(ctx, id) : payPageUrl(ctx, id),
    payformSuccessUrl: extra?.returnUrl ?? null,
    payload: txs.payload(i),
    comissionType: COMMISSION_TYPE_MERCHANT,
    externalId: externalId(id),
    description: txs.description(i),
    refundStatus: txs.refundStatus(i),
    refundStatusMessage: extra?.refundMessage ?? null,
    createdAt: iso(txs.createdAt[i]),
  }
}
