import { z } from "zod"
import { METHODS, ONE_OFF_METHODS, SUBSCRIPTION_METHOD } from "../shared/codes"
import { fieldError } from "../shared/errors"
import { amount, currency, parse, text, url } from "../shared/schemas"
import {
  subscriptionBody,
  type SubscriptionBody,
  checkIntervalCount,
} from "../subscriptions/schemas"

// Bodies of POST /transaction/process (a payment, or a subscription with method 6) and of the
// method-less link POST /v2/transaction/process.

const metadata = z
  .object({ userId: text(200).optional(), userName: text(200).optional() })
  .nullish()

export const paymentBody = z.object({
  paymentDetails: z.object({ amount, currency }),
  description: text(1000).min(1, "must not be empty"),
  return: url,
  failedUrl: url,
  payload: text(4000).nullish(),
  orderId: text(200).nullish(),
  metadata,
})

export type PaymentBody = z.infer<typeof paymentBody>

function checkCurrency(method: number, value: string): void {
  const info = METHODS.get(method)
  if (info && !info.currencies.includes(value)) {
    throw fieldError(
      "paymentDetails.currency",
      `currency ${value} is not accepted for payment method ${method} (accepted: ${info.currencies.join(", ")})`,
    )
  }
}

type ProcessRequest =
  | { kind: "payment"; method: number; body: PaymentBody }
  | { kind: "subscription"; body: SubscriptionBody }

/** POST /transaction/process: paymentMethod decides between a payment and a subscription. */
export function parseProcessRequest(input: unknown): ProcessRequest {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw fieldError("body", "The request body must be a JSON object.")
  }
  const method = (input as Record<string, unknown>).paymentMethod
  const allowed = [...ONE_OFF_METHODS, SUBSCRIPTION_METHOD].sort((a, b) => a - b)
  if (method === undefined || method === null)
    throw fieldError("paymentMethod", "The paymentMethod field is required.")
  if (typeof method !== "number" || !allowed.includes(method)) {
    throw fieldError("paymentMethod", `paymentMethod must be one of ${allowed.join(", ")}`)
  }
  if (method === SUBSCRIPTION_METHOD) {
    const body = parse(subscriptionBody, input)
    checkCurrency(SUBSCRIPTION_METHOD, body.paymentDetails.currency)
    checkIntervalCount(body)
    return { kind: "subscription", body }
  }
  const body = parse(paymentBody, input)
  checkCurrency(method, body.paymentDetails.currency)
  return { kind: "payment", method, body }
}

/** POST /v2/transaction/process: the same body without paymentMethod (RUB, the payer picks). */
export function parseLinkRequest(input: unknown): PaymentBody {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw fieldError("body", "The request body must be a JSON object.")
  }
  const body = parse(paymentBody, input)
  if (body.paymentDetails.currency !== "RUB") {
    throw fieldError("paymentDetails.currency", "a payment link accepts RUB only")
  }
  return body
}
