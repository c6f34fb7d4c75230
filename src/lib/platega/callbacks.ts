import type { z } from "zod"
import { SUBSCRIPTION_CALLBACK_PREFIX } from "./codes"
import {
  PlategaError,
  type PlategaFieldError,
  fieldErrorsFromIssues,
  summarizeFieldErrors,
} from "./errors"
import {
  SubscriptionChargeCallbackSchema,
  SubscriptionStatusCallbackSchema,
  TransactionCallbackSchema,
} from "./schemas"
import type { PlategaCallback } from "./types"

/**
 * Recognises the body of a callback. It does NOT authenticate it: check the X-MerchantId and
 * X-Secret headers in constant time first, and re-read GET /transaction/{id} before fulfilling.
 *
 * - `{}` → probe (sent when the callback URL is saved in the dashboard; answer 200)
 * - camelCase `{id, amount, currency, status, …}` → transaction
 * - PascalCase with Status `SUBSCRIPTION_*` → subscription_status
 * - PascalCase with SubscriptionId ≠ Id → subscription_charge
 * - anything else → PlategaError kind "invalid_payload"
 *
 * Accepts the parsed JSON or the raw body (string / Buffer).
 */
export function parseCallback(body: unknown): PlategaCallback {
  const value = typeof body === "string" || Buffer.isBuffer(body) ? parseJson(body) : body
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid("expected a JSON object")
  }
  const obj = value as Record<string, unknown>
  if (Object.keys(obj).length === 0) return { kind: "probe" }

  if ("id" in obj || "status" in obj) {
    return { ...check(TransactionCallbackSchema, obj, "transaction"), kind: "transaction" }
  }
  if ("Id" in obj || "Status" in obj) {
    const status = typeof obj.Status === "string" ? obj.Status.trim().toUpperCase() : ""
    if (status.startsWith(SUBSCRIPTION_CALLBACK_PREFIX)) {
      const cb = check(SubscriptionStatusCallbackSchema, obj, "subscription status")
      return { ...cb, kind: "subscription_status" }
    }
    const cb = check(SubscriptionChargeCallbackSchema, obj, "subscription charge")
    if (cb.Id.toLowerCase() === cb.SubscriptionId.toLowerCase()) {
      throw invalid(
        "subscription callback with Id equal to SubscriptionId but a non-subscription Status",
      )
    }
    return { ...cb, kind: "subscription_charge" }
  }
  throw invalid("not a known callback shape")
}

function parseJson(raw: string | Buffer): unknown {
  try {
    return JSON.parse(raw.toString())
  } catch {
    throw invalid("the body is not JSON")
  }
}

function check<S extends z.ZodType>(schema: S, obj: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(obj)
  if (parsed.success) return parsed.data
  const fieldErrors = fieldErrorsFromIssues(parsed.error.issues)
  throw invalid(`${what} callback: ${summarizeFieldErrors(fieldErrors)}`, fieldErrors)
}

function invalid(detail: string, fieldErrors: PlategaFieldError[] = []): PlategaError {
  return new PlategaError({
    kind: "invalid_payload",
    endpoint: "callback",
    fieldErrors,
    message: `Platega callback: invalid payload: ${detail}`,
  })
}
