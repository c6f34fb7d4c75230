import { z } from "zod"
import { parseDecimal } from "./money"
import { isPayerAddress } from "./hosts"
import { describeSubscriptionStatus } from "./codes"

// The building blocks of the schemas of the Platega API (schemas.ts).

/** 8-4-4-4-12 hex. Lenient about version/variant bits (test ids such as 0000…-4466… are valid). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Uuid = z.string().regex(UUID_RE, "expected a uuid")
export const NonEmpty = z.string().trim().min(1, "expected a non-empty string")
export const OptString = z.string().nullish()
/**
 * An address for the payer (a payment's `redirect`, a link's `url`): handed to the storefront and
 * shown as a link in the admin, so https only (http only on loopback, the sandbox).
 */
export const PayerAddress = NonEmpty.refine(
  isPayerAddress,
  "expected an https address (http only on loopback)",
)
/** A timestamp as the service sends it; not reparsed (formats differ between endpoints). */
export const Timestamp = z.string().nullish()

/** JSON number or numeric string ("1500.0000000000000000") → finite number. */
export const Decimal = z
  .custom<number | string>(
    (v) => parseDecimal(v) !== undefined,
    "expected a finite number or numeric string",
  )
  .transform((v) => parseDecimal(v) as number)

/** Money amount from the service: finite, ≥ 0, number or numeric string, any precision. */
export const Amount = Decimal.refine((n) => n >= 0, "expected an amount ≥ 0")

export const Int = z.number().int()
/** Integer codes that some variants send as strings ("3"). */
export const IntLike = z.union([Int, z.string().regex(/^\d+$/).transform(Number)])
/** A code the service may send as integer or as text (list vs single read). */
export const CodeOrText = z.union([Int, NonEmpty])
/**
 * A subscription status, integer or text; a known text in its documented form whatever its case
 * (the cancel answer writes `cancelled`, the reads `Cancelled`). Unknown values pass unchanged.
 */
export const SubscriptionStatusValue = CodeOrText.transform((v) =>
  typeof v === "string" ? (describeSubscriptionStatus(v).text ?? v) : v,
)
/** A code Platega sends as its number or its name, or not at all. */
export const OptCode = z.union([z.string(), Int]).nullish()
