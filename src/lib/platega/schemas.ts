// Every request, response and callback schema of the Platega API, in the order of the spec, so
// they can be read against it side by side: the building blocks (schema-fields.ts), the answers
// (response-schemas.ts), the callbacks (callback-schemas.ts) and the requests (request-schemas.ts).

/**
 * Responses and callbacks: tolerant of unknown fields (loose objects keep them) and of unknown enum
 * values (statuses are plain non-empty strings; codes.ts classifies them), strict about what the
 * plugin relies on (ids, amounts, statuses). Field names exactly as the service spells them.
 *
 * Requests: strict. Unknown keys are dropped, so only documented fields are ever sent.
 */

export { UUID_RE, Uuid, Decimal, Amount } from "./schema-fields"
export {
  CreateTransactionResponseSchema,
  CreateSubscriptionResponseSchema,
  CreatePaymentLinkResponseSchema,
  TransactionStatusSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  ExportRecordSchema,
  ExportRecordsSchema,
  DECIMAL_TEXT_RE,
  ExportRowSchema,
  ExportFileSchema,
  SubscriptionSchema,
  SubscriptionListItemSchema,
  SubscriptionListSchema,
  CancelSubscriptionResponseSchema,
  CardSchema,
  CardsSchema,
  CardPayoutResponseSchema,
  BalanceSchema,
  BalancesSchema,
  H2hQrSchema,
  PaymentMethodRateSchema,
} from "./response-schemas"
export {
  TransactionCallbackSchema,
  SubscriptionChargeCallbackSchema,
  SubscriptionStatusCallbackSchema,
} from "./callback-schemas"
export {
  RequestAmount,
  CreateTransactionRequestSchema,
  CreatePaymentLinkRequestSchema,
  CreateSubscriptionRequestSchema,
  ExportRequestSchema,
  ListSubscriptionsRequestSchema,
  CardPayoutRequestSchema,
  ListCardsRequestSchema,
  GetRateRequestSchema,
} from "./request-schemas"
