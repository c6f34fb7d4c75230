import type { CancelSupported } from "../../../lib/platega"

/**
 * Why Platega refuses to cancel (refund) a transaction, in the words the admin reads: its
 * `blockReason` and what the refund would have cost (the penalty, in the transaction's currency
 * and in USDT, and the total it would deduct), so the merchant knows what to fix (e.g. top up the
 * balance) before trying again.
 */
export function cancelRefusal(
  verb: "cancel" | "refund",
  id: string,
  check: Pick<
    CancelSupported,
    | "blockReason"
    | "penaltyUsdt"
    | "penaltyNativeAmount"
    | "penaltyNativeCurrency"
    | "totalDeductUsdt"
  >,
): string {
  const costs: string[] = []
  const native =
    check.penaltyNativeAmount != null && check.penaltyNativeCurrency
      ? `${check.penaltyNativeAmount} ${check.penaltyNativeCurrency}`
      : undefined
  const usdt = check.penaltyUsdt != null ? `${check.penaltyUsdt} USDT` : undefined
  if (native || usdt) {
    costs.push(`penalty ${native && usdt ? `${native} (${usdt})` : (native ?? usdt)}`)
  }
  if (check.totalDeductUsdt != null) costs.push(`total to deduct ${check.totalDeductUsdt} USDT`)
  const action = verb === "refund" ? "refunding" : "cancelling"
  const reason = check.blockReason ? `: ${check.blockReason}` : ""
  const cost = costs.length ? ` (${costs.join(", ")})` : ""
  return `Platega does not allow ${action} transaction ${id}${reason}${cost}. Nothing was moved.`
}
