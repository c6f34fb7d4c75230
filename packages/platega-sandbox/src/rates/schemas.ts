import type { SandboxContext } from "../context"
import { validationError, type FieldError } from "../shared/errors"
import { queryParams, requiredMessage } from "../shared/schemas"
import { ratedCurrencies, ratedMethods, usdtRate } from "./engine"

// The query of GET /rates/payment_method_rate: merchantId, paymentMethod, currencyFrom, currencyTo.
// Every problem is named at once, in the service's 400 shape.

const NAMES = ["merchantId", "paymentMethod", "currencyFrom", "currencyTo"] as const

export interface RateQuery {
  method: number
  from: string
  to: string
}

export function parseRateQuery(ctx: SandboxContext, input: unknown): RateQuery {
  const { values, others } = queryParams(input, NAMES)
  const errors: FieldError[] = []
  const required = (name: (typeof NAMES)[number]) => {
    const value = values[name]?.trim()
    if (value) return value
    errors.push({ key: name, message: requiredMessage(name, others) })
    return undefined
  }

  // The merchant is the one of X-MerchantId; the parameter may repeat it, never name another.
  const merchantId = values.merchantId?.trim()
  if (merchantId && merchantId.toLowerCase() !== ctx.merchantId) {
    errors.push({
      key: "merchantId",
      message: `merchantId ${merchantId} is not the merchant of X-MerchantId.`,
    })
  }

  let method = NaN
  const methodText = required("paymentMethod")
  if (methodText !== undefined) {
    const methods = ratedMethods()
    if (!/^\d+$/.test(methodText)) {
      errors.push({
        key: "paymentMethod",
        message: `The value '${methodText}' is not valid for paymentMethod: a method code (${methods.join(", ")}).`,
      })
    } else if (!methods.includes(Number(methodText))) {
      errors.push({
        key: "paymentMethod",
        message: `paymentMethod ${methodText} is not a payment method (known: ${methods.join(", ")}).`,
      })
    } else {
      method = Number(methodText)
    }
  }

  const currency = (name: "currencyFrom" | "currencyTo") => {
    const value = required(name)?.toUpperCase()
    if (value === undefined) return ""
    const known = Number.isNaN(method)
      ? ratedCurrencies(ctx).includes(value)
      : usdtRate(ctx, value, method) !== undefined
    if (!known) {
      errors.push({
        key: name,
        message: `${name} ${value} has no rate (known: ${ratedCurrencies(ctx).join(", ")}).`,
      })
    }
    return value
  }
  const from = currency("currencyFrom")
  const to = currency("currencyTo")

  if (errors.length > 0) throw validationError(errors)
  return { method, from, to }
}
