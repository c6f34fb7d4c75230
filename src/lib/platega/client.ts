// Over 300 lines on purpose: one typed method per Platega endpoint, each a few lines over http.ts;
// the list of endpoints is easier to check against the spec in one place.
import { isIP } from "node:net"
import type { z } from "zod"
import { SUBSCRIPTION_METHOD_CODE } from "./codes"
import { PlategaError, fieldErrorsFromIssues, summarizeFieldErrors } from "./errors"
import { parseExportRecords } from "./export-rows"
import { checkFileUrl } from "./hosts"
import { PlategaHttp, type HttpMethod, type RequestSpec } from "./http"
import { type ResolvedOptions, resolveOptions } from "./client-options"
import {
  BalancesSchema,
  CancelSubscriptionResponseSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  CardPayoutRequestSchema,
  CardPayoutResponseSchema,
  CardsSchema,
  CreatePaymentLinkRequestSchema,
  CreatePaymentLinkResponseSchema,
  CreateSubscriptionRequestSchema,
  CreateSubscriptionResponseSchema,
  CreateTransactionRequestSchema,
  CreateTransactionResponseSchema,
  ExportFileSchema,
  ExportRecordsSchema,
  ExportRequestSchema,
  H2hQrSchema,
  ListCardsRequestSchema,
  ListSubscriptionsRequestSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  TransactionStatusSchema,
  UUID_RE,
} from "./schemas"
import { isRefusedAddress } from "./pinned-lookup"
import type { OpenedStream } from "./streamed-body"
import type {
  Balance,
  CancelSubscriptionResult,
  CancelSupported,
  CancelTransactionResult,
  CardPayoutInput,
  CardPayoutResult,
  ConnectionCall,
  ConnectionStatus,
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
  H2hQr,
  ListCardsInput,
  ListSubscriptionsInput,
  PlategaClientOptions,
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
export class PlategaClient {
  readonly merchantId: string
  readonly baseUrl: string
  private readonly opts: ResolvedOptions
  private readonly http: PlategaHttp

  constructor(options: PlategaClientOptions) {
    this.opts = resolveOptions(options)
    this.merchantId = this.opts.merchantId
    this.baseUrl = this.opts.baseUrl
    this.http = new PlategaHttp(this.opts)
  }

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
    const endpoint = "GET (export file)"
    const check = checkFileUrl(url, this.baseUrl)
    const refuse = (reason: string) =>
      new PlategaError({
        kind: "invalid_response",
        endpoint,
        message: `Platega export file: not fetched: ${reason}`,
      })
    if (!check.ok) throw refuse(check.reason)
    const target = check.url
    const literal = target.hostname.replace(/^\[|\]$/g, "")
    if (isIP(literal) && isRefusedAddress(literal, check))
      throw refuse(`${literal} is not a public address`)
    return this.http.open({
      method: "GET",
      endpoint,
      url: target,
      accept: "*/*",
      credentials: this.http.isPlategaOrigin(target),
      signal: options.signal,
      pinned: { loopbackAllowed: check.loopbackAllowed },
    })
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
    const started = Date.now()
    const main = await this.probe("merchant", "GET /balance/all", () =>
      this.send({ ...this.getSpec("/balance/all", {}, BalancesSchema), retries: 0 }),
    )
    const calls: ConnectionCall[] = [main]
    let payoutKey: TestConnectionResult["payoutKey"] = "not_configured"
    if (this.opts.payoutKey) {
      if (main.status !== "ok") {
        payoutKey = "skipped"
        calls.push({ call: "payout_key", endpoint: "GET /api/v1/cards", status: "skipped", ms: 0 })
      } else {
        const signed = await this.probe("payout_key", "GET /api/v1/cards", () =>
          this.send({ ...this.cardsSpec(true), retries: 0 }),
        )
        payoutKey = signed.status as ConnectionStatus
        calls.push(signed)
      }
    }
    const { call: _c, endpoint: _e, ms: _m, status, ...failure } = main
    return {
      status: status as ConnectionStatus,
      ...failure,
      payoutKey,
      latencyMs: Date.now() - started,
      calls,
    }
  }

  // ---- internals -------------------------------------------------------------------------

  private async probe(
    call: ConnectionCall["call"],
    endpoint: string,
    run: () => Promise<unknown>,
  ): Promise<ConnectionCall> {
    const started = Date.now()
    try {
      await run()
      return { call, endpoint, status: "ok", ms: Date.now() - started }
    } catch (e) {
      if (!(e instanceof PlategaError)) throw e
      const rejected = e.kind === "http" && (e.httpStatus === 401 || e.httpStatus === 403)
      const status: ConnectionStatus = rejected ? "rejected" : "unreachable"
      return {
        call,
        endpoint,
        status,
        ms: Date.now() - started,
        message: e.message,
        ...(e.httpStatus !== undefined && { httpStatus: e.httpStatus }),
        ...(e.code !== undefined && { code: e.code }),
        ...(e.traceId !== undefined && { traceId: e.traceId }),
      }
    }
  }

  private validate<S extends z.ZodType>(schema: S, input: unknown, endpoint: string): z.output<S> {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    const fieldErrors = fieldErrorsFromIssues(parsed.error.issues, "(input)")
    throw new PlategaError({
      kind: "invalid_request",
      endpoint,
      fieldErrors,
      message: `Platega ${endpoint}: invalid request: ${summarizeFieldErrors(fieldErrors)}`,
    })
  }

  private async export<S extends z.ZodType>(
    format: "json" | "csv" | "excel",
    filter: ExportTransactionsInput,
    schema: S,
    accept?: string,
  ): Promise<z.output<S>> {
    const template = `/transaction/export/${format}`
    const body = this.validate(ExportRequestSchema, filter, `POST ${template}`)
    // A read: safe to repeat.
    return this.send({
      method: "POST",
      template,
      body,
      auth: "merchant",
      idempotent: true,
      accept,
      schema,
    })
  }

  private async get<S extends z.ZodType>(
    template: string,
    params: Record<string, string>,
    schema: S,
  ): Promise<z.output<S>> {
    return this.send(this.getSpec(template, params, schema))
  }

  private getSpec<S extends z.ZodType>(
    template: string,
    params: Record<string, string>,
    schema: S,
  ): SendSpec<S> {
    return { method: "GET", template, params, auth: "merchant", idempotent: true, schema }
  }

  private cardsSpec(onlyActive: boolean | undefined): SendSpec<typeof CardsSchema> {
    return {
      method: "GET",
      template: "/api/v1/cards",
      query: { onlyActive },
      auth: "hmac",
      idempotent: true,
      schema: CardsSchema,
    }
  }

  private async post<S extends z.ZodType>(
    template: string,
    body: unknown,
    schema: S,
    idempotent: boolean,
  ): Promise<z.output<S>> {
    return this.send({ method: "POST", template, body, auth: "merchant", idempotent, schema })
  }

  private async send<S extends z.ZodType>(spec: SendSpec<S>): Promise<z.output<S>> {
    const { params } = spec
    const endpoint = `${spec.method} ${spec.template}`
    const path = spec.template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params?.[name]
      if (typeof value !== "string" || !UUID_RE.test(value)) {
        throw new PlategaError({
          kind: "invalid_request",
          endpoint,
          fieldErrors: [{ key: name, message: "expected a uuid" }],
          message: `Platega ${endpoint}: invalid request: ${name}: expected a uuid`,
        })
      }
      return encodeURIComponent(value)
    })
    // Every spec is built for this one call, so it is completed in place: copying it (object
    // rest and spread) cost more than all the rest of this method.
    return this.http.send(Object.assign(spec, { path }))
  }
}

/** Yields from `records`, closing `body` however the iteration ends (done, break or error). */
async function* closing<T>(
  body: { destroy(): void },
  records: AsyncIterable<T>,
): AsyncGenerator<T> {
  try {
    yield* records
  } finally {
    body.destroy()
  }
}

type SendSpec<S extends z.ZodType> = Omit<RequestSpec<S>, "path"> & {
  method: HttpMethod
  params?: Record<string, string>
}
