import { PlategaCalls } from "./client-calls"
import { SUBSCRIPTION_METHOD_CODE } from "./codes"
import { runConnectionTest } from "./connection-test"
import { closing, openExportFile } from "./export-file"
import { parseExportRecords } from "./export-rows"
import {
  BalancesSchema,
  CancelSubscriptionResponseSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  CardPayoutRequestSchema,
  CardPayoutResponseSchema,
  CreatePaymentLinkRequestSchema,
  CreatePaymentLinkResponseSchema,
  CreateSubscriptionRequestSchema,
  CreateSubscriptionResponseSchema,
  CreateTransactionRequestSchema,
  CreateTransactionResponseSchema,
  ExportFileSchema,
  ExportRecordsSchema,
  ExportRequestSchema,
  GetRateRequestSchema,
  H2hQrSchema,
  ListCardsRequestSchema,
  ListSubscriptionsRequestSchema,
  PaymentMethodRateSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  TransactionStatusSchema,
} from "./schemas"
import type { OpenedStream } from "./streamed-body"
import type {
  Balance,
  CancelSubscriptionResult,
  CancelSupported,
  CancelTransactionResult,
  CardPayoutInput,
  CardPayoutResult,
  CreatePaymentLinkInput,
  CreatePaymentLinkResult,
  CreateSubscriptionInput,
  CreateSubscriptionResult,
  CreateTransactionInput,
  CreateTransactionResult,
  ExportFile,
  ExportRecord,
  ExportRow,
  ExportTransactionsInput,
  GetRateInput,
  H2hQr,
  ListCardsInput,
  ListSubscriptionsInput,
  PaymentMethodRate,
  SavedCard,
  Subscription,
  SubscriptionList,
  TestConnectionResult,
  TransactionStatus,
} from "./types"

/**
 * Typed client for the Platega merchant API: one method per endpoint.
 *
 * Amounts are JSON numbers in major units that the caller has already rounded to the currency's
 * minor unit (2 decimals). The client refuses non-finite, ≤ 0 or over-precise amounts with
 * PlategaError kind "invalid_request" before sending anything.
 *
 * createTransaction, createSubscription, createPaymentLink and cancelTransaction are sent exactly
 * once (the service has no idempotency key for them): when their outcome is lost the error kind is
 * "outcome_unknown" and the caller must check before trying again. Everything else is retried.
 */
export class PlategaClient extends PlategaCalls {
  // ---- payments --------------------------------------------------------------------------

  /** POST /transaction/process for a one-off payment (2 SBP QR, 11 card, 3, 12, 13, 14). Never retried. */
  async createTransaction(input: CreateTransactionInput): Promise<CreateTransactionResult> {
    const body = this.validate(CreateTransactionRequestSchema, input, "POST /transaction/process")
    return this.post("/transaction/process", body, CreateTransactionResponseSchema, false)
  }

  /**
   * POST /transaction/process with method 6. Sends only paymentMethod, paymentDetails
   * {amount, currency, interval, intervalCount}, description and (when given) payload. transactionId in the answer is the
   * subscription id. Never retried.
   */
  async createSubscription(input: CreateSubscriptionInput): Promise<CreateSubscriptionResult> {
    const v = this.validate(CreateSubscriptionRequestSchema, input, "POST /transaction/process")
    const body = {
      paymentMethod: SUBSCRIPTION_METHOD_CODE,
      paymentDetails: {
        amount: v.paymentDetails.amount,
        currency: v.paymentDetails.currency,
        interval: v.paymentDetails.interval,
        intervalCount: v.paymentDetails.intervalCount,
      },
      description: v.description,
      ...(v.payload ? { payload: v.payload } : {}),
    }
    return this.post("/transaction/process", body, CreateSubscriptionResponseSchema, false)
  }

  /** POST /v2/transaction/process: a payment link without a method; answers url and rate. Never retried. */
  async createPaymentLink(input: CreatePaymentLinkInput): Promise<CreatePaymentLinkResult> {
    const body = this.validate(
      CreatePaymentLinkRequestSchema,
      input,
      "POST /v2/transaction/process",
    )
    return this.post("/v2/transaction/process", body, CreatePaymentLinkResponseSchema, false)
  }

  /** GET /transaction/{id} */
  async getTransaction(id: string): Promise<TransactionStatus> {
    return this.get("/transaction/{id}", { id }, TransactionStatusSchema)
  }

  /** GET /transaction/{id}/cancel-supported: whether a refund is possible and what it costs. */
  async getCancelSupported(id: string): Promise<CancelSupported> {
    return this.get("/transaction/{id}/cancel-supported", { id }, CancelSupportedSchema)
  }

  /**
   * POST /transaction/{id}/cancel — the refund (full amount only). `accepted: false` with
   * `manualControlRequired` is a normal answer, not an error. Never retried.
   */
  async cancelTransaction(id: string): Promise<CancelTransactionResult> {
    return this.send({
      method: "POST",
      template: "/transaction/{id}/cancel",
      params: { id },
      auth: "merchant",
      idempotent: false,
      schema: CancelTransactionResponseSchema,
    })
  }

  /** GET /h2h/{id}: the QR of a host-to-host transaction (enabled per merchant). */
  async getH2hQr(id: string): Promise<H2hQr> {
    return this.get("/h2h/{id}", { id }, H2hQrSchema)
  }

  /** GET /balance/all */
  async getBalances(): Promise<Balance[]> {
    return this.get("/balance/all", {}, BalancesSchema)
  }

  /**
   * GET /rates/payment_method_rate: the rate of a currency pair for a payment method (code or
   * name): units of `currencyTo` for one unit of `currencyFrom` (Platega's documented example
   * answers RUB→USDT with 0.0105), e.g. what a payer paying in another currency is charged. Legacy: Platega's
   * current documentation index no longer lists it (its older documentation and every public
   * client do); the service may withdraw it, so callers treat a failure as "no rate to show".
   */
  async getRate(input: GetRateInput): Promise<PaymentMethodRate> {
    const q = this.validate(GetRateRequestSchema, input, "GET /rates/payment_method_rate")
    return this.send({
      method: "GET",
      template: "/rates/payment_method_rate",
      query: { merchantId: this.merchantId, ...q },
      auth: "merchant",
      idempotent: true,
      schema: PaymentMethodRateSchema,
    })
  }

  // ---- exports ---------------------------------------------------------------------------

  /** POST /transaction/export/json (sent with `accept: text/plain`): the records inline. */
  async exportTransactionsJson(filter: ExportTransactionsInput): Promise<ExportRecord[]> {
    return this.export("json", filter, ExportRecordsSchema, "text/plain")
  }

  /**
   * POST /transaction/export/json read as a stream, for exports of any size: resolves once the
   * service has begun to answer (an error answer rejects here, mapped like every other call), then
   * yields one record at a time in constant memory, amounts as their exact decimal text. A cut
   * connection or a malformed record fails the iteration with a PlategaError. Stopping early
   * (break, `signal`) closes the connection.
   */
  async exportTransactionsJsonStream(
    filter: ExportTransactionsInput,
    options: { signal?: AbortSignal } = {},
  ): Promise<AsyncIterable<ExportRow>> {
    const template = "/transaction/export/json"
    const endpoint = `POST ${template}`
    const body = this.validate(ExportRequestSchema, filter, endpoint)
    const opened = await this.http.open({
      method: "POST",
      endpoint,
      url: new URL(`${this.baseUrl}${template}`),
      body: Buffer.from(JSON.stringify(body), "utf8"),
      accept: "text/plain",
      credentials: true,
      signal: options.signal,
    })
    return closing(opened.body, parseExportRecords(opened.body, endpoint))
  }

  /**
   * Downloads the file behind the `{url}` of a CSV or Excel export, as a stream (for passing on to
   * the admin). Only over https from Platega's domain or the base URL's host (http and loopback
   * only for a sandbox on loopback), connecting only to the public addresses the name resolved to
   * (hosts.ts, pinned-lookup.ts). The merchant headers go along only when the link is on
   * Platega's own origin: a link elsewhere (a pre-signed storage URL) gets no credentials.
   */
  async downloadExportFile(
    url: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<OpenedStream> {
    return openExportFile(this.http, this.baseUrl, url, options.signal)
  }

  /** POST /transaction/export/csv: `{url}` of a file to download. */
  async exportTransactionsCsv(filter: ExportTransactionsInput): Promise<ExportFile> {
    return this.export("csv", filter, ExportFileSchema)
  }

  /** POST /transaction/export/excel: `{url}` of a file to download. */
  async exportTransactionsExcel(filter: ExportTransactionsInput): Promise<ExportFile> {
    return this.export("excel", filter, ExportFileSchema)
  }

  // ---- subscriptions ---------------------------------------------------------------------

  /** GET /subscription/{id}: status and interval unit as text. */
  async getSubscription(id: string): Promise<Subscription> {
    return this.get("/subscription/{id}", { id }, SubscriptionSchema)
  }

  /** GET /subscription?status&from&to&page&size: status and interval unit as integers. */
  async listSubscriptions(query: ListSubscriptionsInput = {}): Promise<SubscriptionList> {
    const q = this.validate(ListSubscriptionsRequestSchema, query, "GET /subscription")
    return this.send({
      method: "GET",
      template: "/subscription",
      query: q,
      auth: "merchant",
      idempotent: true,
      schema: SubscriptionListSchema,
    })
  }

  /** POST /subscription/{id}/cancel (idempotent on the service: retried). */
  async cancelSubscription(id: string): Promise<CancelSubscriptionResult> {
    return this.send({
      method: "POST",
      template: "/subscription/{id}/cancel",
      params: { id },
      auth: "merchant",
      idempotent: true,
      schema: CancelSubscriptionResponseSchema,
    })
  }

  // ---- signed (payout key) -----------------------------------------------------------------

  /** GET /api/v1/cards?onlyActive= (signed). */
  async listCards(query: ListCardsInput = {}): Promise<SavedCard[]> {
    const q = this.validate(ListCardsRequestSchema, query, "GET /api/v1/cards")
    return this.send(this.cardsSpec(q.onlyActive))
  }

  /**
   * POST /api/v1/payouts/card-rub (signed, Idempotency-Key). Exactly one of cardId / cardNumber;
   * amountRub 1000..87500. Persist `idempotencyKey` before calling: retries (here and after a
   * crash) must reuse it so the service pays once.
   */
  async createCardPayout(input: CardPayoutInput): Promise<CardPayoutResult> {
    const v = this.validate(CardPayoutRequestSchema, input, "POST /api/v1/payouts/card-rub")
    const body = {
      ...(v.cardId !== undefined ? { cardId: v.cardId } : { cardNumber: v.cardNumber }),
      amountRub: v.amountRub,
      payoutMethod: "CARD",
      currencyRequested: "RUB",
    }
    return this.send({
      method: "POST",
      template: "/api/v1/payouts/card-rub",
      body,
      auth: "hmac",
      idempotencyKey: v.idempotencyKey,
      idempotent: true,
      schema: CardPayoutResponseSchema,
    })
  }

  // ---- admin -----------------------------------------------------------------------------

  /**
   * One quick authenticated read (GET /balance/all, no retries): "ok" when the credentials work,
   * "rejected" on 401/403, "unreachable" when baseUrl gives no usable answer. With a payout key
   * configured, a signed read (GET /api/v1/cards) checks it too. `calls` has each call's own
   * outcome and time.
   */
  async testConnection(): Promise<TestConnectionResult> {
    return runConnectionTest({
      merchant: () =>
        this.send({ ...this.getSpec("/balance/all", {}, BalancesSchema), retries: 0 }),
      ...(this.opts.payoutKey && {
        payoutKey: () => this.send({ ...this.cardsSpec(true), retries: 0 }),
      }),
    })
  }
}
