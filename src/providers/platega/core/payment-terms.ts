import { MedusaError } from "@medusajs/framework/utils"
import type { InitiatePaymentInput } from "@medusajs/framework/types"
import type { EffectiveSettings } from "../../../modules/platega"
import { fillDescription } from "./description"
import { toDecimalString, toPlategaAmount } from "../../../lib/platega/money"
import { planWords } from "./order-words"
import { readSessionData } from "./session-data"

/**
 * What every Platega create call needs from a session: a currency the store accepts, an amount
 * above zero in Platega's form, and the description template filled for this session.
 */
export function paymentTerms(input: InitiatePaymentInput, settings: EffectiveSettings) {
  const data = readSessionData(input.data)
  const currency = input.currency_code.toUpperCase()
  if (!settings.currencies.some((c) => c.toUpperCase() === currency)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Platega does not accept ${currency} for this store (accepted: ${settings.currencies.join(", ")})`,
    )
  }
  const amount = toPlategaAmount(input.amount, currency)
  if (!(amount > 0)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Platega: the amount to pay must be above zero",
    )
  }
  const sessionId = data.session_id ?? ""
  const tokens = {
    store: data.store_name ?? "",
    // Never empty: Platega needs a description, and a payer should read what it is for.
    order: data.order_title || "оплата заказа",
    plan: planWords(data.plan as { interval?: string; interval_count?: number } | undefined),
    // A session made outside the store API (no cart) still gets a reference.
    cart_id: data.cart_id ?? sessionId,
    amount: toDecimalString(input.amount, currency),
    currency,
    session_id: sessionId,
  }
  const fill = (template: string) => fillDescription(template, tokens)
  return { data, settings, currency, amount, sessionId, tokens, fill }
}
