import type { CancelSupported } from "../../../lib/platega"
import { bothLanguages } from "./admin-message"

/**
 * Why Platega refuses to cancel (refund) a transaction, in the words the admin reads: its
 * `blockReason` and what the refund would have cost (the penalty, in the transaction's currency
 * and in USDT, and the total it would deduct), so the merchant knows what to fix (e.g. top up the
 * balance) before trying again. In both languages, as every refusal the admin reads.
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
  const native =
    check.penaltyNativeAmount != null && check.penaltyNativeCurrency
      ? `${check.penaltyNativeAmount} ${check.penaltyNativeCurrency}`
      : undefined
  const usdt = check.penaltyUsdt != null ? `${check.penaltyUsdt} USDT` : undefined
  const penalty = native || usdt ? (native && usdt ? `${native} (${usdt})` : (native ?? usdt)) : ""
  const total = check.totalDeductUsdt != null ? `${check.totalDeductUsdt} USDT` : ""
  const costs = (words: { penalty: string; total: string }) => {
    const parts = [
      ...(penalty ? [`${words.penalty} ${penalty}`] : []),
      ...(total ? [`${words.total} ${total}`] : []),
    ]
    return parts.length ? ` (${parts.join(", ")})` : ""
  }
  const reason = check.blockReason ? `: ${check.blockReason}` : ""
  return bothLanguages({
    ru: `Platega не разрешает ${verb === "refund" ? "вернуть" : "отменить"} транзакцию ${id}${reason}${costs({ penalty: "штраф", total: "всего будет списано" })}. Деньги не перемещались.`,
    en: `Platega does not allow ${verb === "refund" ? "refunding" : "cancelling"} transaction ${id}${reason}${costs({ penalty: "penalty", total: "total to deduct" })}. Nothing was moved.`,
  })
}
