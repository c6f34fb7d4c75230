import { z } from "zod"
import { Amount, Int, NonEmpty, OptCode, OptString, Timestamp, Uuid } from "./schema-fields"

// The callbacks Platega sends: all three kinds arrive at the one callback URL.

/** CallbackPayload, camelCase. paymentMethod may be null; amount may carry 16 decimals. */
export const TransactionCallbackSchema = z.looseObject({
  id: Uuid,
  amount: Amount,
  currency: NonEmpty,
  status: NonEmpty,
  paymentMethod: OptCode,
  payload: OptString,
})

/** Subscription charge, PascalCase; Id is the new charge transaction, SubscriptionId the subscription. */
export const SubscriptionChargeCallbackSchema = z.looseObject({
  Id: Uuid,
  Amount: Amount,
  Currency: NonEmpty,
  Status: NonEmpty,
  PaymentMethod: z.union([Int, z.string()]).nullish(),
  Payload: OptString,
  SubscriptionId: Uuid,
  NextChargeAt: Timestamp,
})

/** CallbackSubscriptionStatus, PascalCase, Id == SubscriptionId, Status SUBSCRIPTION_*. */
export const SubscriptionStatusCallbackSchema = z.looseObject({
  Id: Uuid,
  Status: NonEmpty,
  SubscriptionId: Uuid.nullish(),
  Amount: Amount.nullish(),
  Currency: OptString,
  PaymentMethod: z.union([Int, z.string()]).nullish(),
  Payload: OptString,
  NextChargeAt: Timestamp,
})
