import {
  AbstractPaymentProvider,
  MedusaError,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { type PlategaClient, PAYMENT_METHODS, type TransactionStatus } from "../../../lib/platega"
import { providerAccess } from "../access"
import { paymentTerms } from "./payment-terms"
import { payerMetadata } from "./payer-metadata"
import {
  givenOptionKeys,
  parsePlategaOptions,
  type PlategaAccess,
  type PlategaOptions,
} from "../../../modules/platega"
import { toMedusaError } from "./errors"
import { checkedStatus, sessionLookup, type PaidCheckDeps } from "./paid-check"
import {
  cancelPendingTransaction,
  refundSessionPayment,
  type MoneyBackDeps,
} from "./session-refund"
import { toDecimalString } from "../../../lib/platega/money"
import { fillDescription, fillUrl } from "./description"
import {
  expiresAt,
  readSessionData,
  sameTerms,
  withPlategaRead,
  withPlategaStatus,
  type PlategaSessionData,
} from "./session-data"
import { chosenMethodSession, paymentNotStarted, startsPayment } from "./payment-start"
import { sessionStatusFor } from "./decisions"

export type PlategaCradle = { logger?: Logger } & Record<string, unknown>
type Cradle = PlategaCradle

/**
 * Everything the Platega providers share. A subclass only fixes its identifier and the Platega
 * method code (2 SBP QR, 11 card). Platega captures at once: CONFIRMED means money received.
 */
export abstract class PlategaBase extends AbstractPaymentProvider<PlategaOptions> {
  /** Platega's `paymentMethod` code for this provider. */
  protected abstract readonly methodCode: number

  protected readonly options_: PlategaOptions
  protected readonly logger_: Logger | undefined
  private readonly container_: Cradle
  /** Settings in force and the client for them (see ../access.ts). */
  protected readonly access_: PlategaAccess

  static override validateOptions(options: Record<string, unknown>): void {
    parsePlategaOptions(options)
  }

  constructor(cradle: Cradle, options: PlategaOptions) {
    super(cradle, options)
    this.container_ = cradle
    this.options_ = parsePlategaOptions(options)
    this.logger_ = cradle.logger
    this.access_ = providerAccess(cradle, this.options_, givenOptionKeys(options))
  }

  /** The client for the credentials in force now (the admin settings may change them). */
  protected async client(): Promise<PlategaClient> {
    try {
      return await this.access_.client()
    } catch (e) {
      throw toMedusaError("connecting", e)
    }
  }

  /** See payment-terms.ts: the currency, amount and description of a create call. */
  protected async paymentTerms(input: InitiatePaymentInput) {
    return paymentTerms(input, await this.access_.settings())
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (readSessionData(input.data).link_of) {
      return this.adoptTransaction(
        input,
        "Platega: a payment link's payment needs the link's transaction id",
      )
    }
    const { data, settings, currency, amount, sessionId, tokens } = await this.paymentTerms(input)
    if (!startsPayment(data)) {
      return chosenMethodSession(data, {
        amount: tokens.amount,
        currency,
        paymentMethod: this.methodCode,
      })
    }
    const returnUrl = data.return_url ?? settings.returnUrl
    const failedUrl = data.failed_url ?? settings.failedUrl ?? returnUrl
    if (!returnUrl || !failedUrl) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Platega needs a return address: pass data.return_url when creating the payment session, or set the `returnUrl` option",
      )
    }
    const metadata = payerMetadata(input.context?.customer, data)
    const client = await this.client()
    try {
      const created = await client.createTransaction({
        paymentMethod: this.methodCode,
        paymentDetails: { amount, currency },
        description: fillDescription(settings.description, tokens),
        return: fillUrl(returnUrl, tokens),
        failedUrl: fillUrl(failedUrl, tokens),
        payload: sessionId,
        // The store's reference for the order to be: its cart (the order has no number yet).
        orderId: data.cart_id || sessionId,
        ...(metadata ? { metadata } : {}),
      })
      // The QR's text is only in the status read: one more call, made only for a storefront
      // that shows the QR itself (data.show_qr); Platega's payer page shows its own.
      const qr =
        this.methodCode === PAYMENT_METHODS.SBP_QR.code && data.show_qr === true
          ? await this.readQr(client, created.transactionId)
          : undefined
      const sessionData: PlategaSessionData = {
        ...withPlategaStatus(data, created.status),
        transaction_id: created.transactionId,
        redirect: created.redirect,
        ...(qr ? { qr } : {}),
        ...(created.expiresIn
          ? { expires_in: created.expiresIn, expires_at: expiresAt(created.expiresIn) }
          : {}),
        amount: toDecimalString(input.amount, currency),
        currency,
        payment_method: this.methodCode,
      }
      await this.recordCheckout(created.transactionId, sessionId, data.cart_id)
      return { id: created.transactionId, status: PaymentSessionStatus.PENDING, data: sessionData }
    } catch (e) {
      throw toMedusaError("creating the payment", e)
    }
  }

  /**
   * A transaction Platega already made and the payer paid (a payment link's, a subscription
   * charge's): nothing is created at Platega. Its status is read on authorization like any
   * payment's, and accepted only for this session's amount and currency.
   */
  protected adoptTransaction(
    input: InitiatePaymentInput,
    missing: string,
    extra: Partial<PlategaSessionData> = {},
  ): Promise<InitiatePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data.transaction_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, missing)
    const currency = input.currency_code.toUpperCase()
    return Promise.resolve({
      id: data.transaction_id,
      status: PaymentSessionStatus.PENDING,
      data: { ...data, amount: toDecimalString(input.amount, currency), currency, ...extra },
    })
  }

  /** Bookkeeping only: a failure to record never fails the shopper's payment. */
  private async recordCheckout(transactionId: string, sessionId: string, cartId?: string) {
    try {
      await this.access_.recordCheckout({
        transaction_id: transactionId,
        payment_session_id: sessionId,
        cart_id: cartId,
      })
    } catch (e) {
      this.logger_?.warn(
        `Platega: transaction ${transactionId} not recorded: ${(e as Error).message}`,
      )
    }
  }

  /** SBP: the QR payload, when the service gives it on the status read. Never fails the checkout. */
  private async readQr(client: PlategaClient, id: string): Promise<string | undefined> {
    try {
      return (await client.getTransaction(id)).qr ?? undefined
    } catch (e) {
      this.logger_?.warn(`Platega: could not read the QR of ${id}: ${(e as Error).message}`)
      return undefined
    }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    if (!readSessionData(input.data).transaction_id) throw paymentNotStarted("transaction")
    return this.getPaymentStatus(input)
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = readSessionData(input.data)
    // A chosen method not yet paid for is neither paid nor failed.
    if (!data.transaction_id) return { status: PaymentSessionStatus.PENDING, data }
    // Inside the callback's own authorization, the callback's read answers (withHandedReads,
    // modules/platega/access/handed-reads.ts).
    const tx = await this.readTransaction(data, "reading the payment status")
    const { status, refused } = await this.checkedStatus(data, tx)
    // Why paid money was not taken stays on the session (the callback's outcome names it).
    return {
      status,
      data: {
        ...withPlategaRead(data, tx.status),
        ...(refused ? { platega_refused: refused } : {}),
      },
    }
  }

  /**
   * Never reports money we did not ask for: a CONFIRMED amount or currency mismatch is an error,
   * and so is a transaction that was not made for this session or already pays another one.
   */
  private checkedStatus(data: PlategaSessionData, tx: TransactionStatus) {
    return checkedStatus(data, tx, this.paidCheckDeps())
  }

  /** What a paid check needs: the claims, the store's payment sessions, the log. */
  protected paidCheckDeps(): PaidCheckDeps {
    return {
      access: this.access_,
      sessions: sessionLookup(this.container_),
      logger: this.logger_,
    }
  }

  private async readTransaction(
    data: PlategaSessionData,
    action: string,
  ): Promise<TransactionStatus> {
    return this.readSessionObject(data.transaction_id, "transaction", action, (id) =>
      this.access_.readTransaction(id),
    )
  }

  /** Reads what the session names at Platega; a session that names nothing is an error. */
  protected async readSessionObject<T>(
    id: string | undefined,
    kind: "transaction" | "subscription",
    action: string,
    read: (id: string) => Promise<T>,
  ): Promise<T> {
    if (!id) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Platega: ${action}: the session has no ${kind} id`,
      )
    }
    try {
      return await read(id)
    } catch (e) {
      throw toMedusaError(action, e)
    }
  }

  /** Platega captures at once: capturing only confirms that the money is in. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = readSessionData(input.data)
    const tx = await this.readTransaction(data, "capturing the payment")
    if ((await this.checkedStatus(data, tx)).status !== PaymentSessionStatus.CAPTURED) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Platega: transaction ${tx.id} is ${tx.status}, not CONFIRMED: there is nothing to capture`,
      )
    }
    return { data: withPlategaStatus(data, tx.status) }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = readSessionData(input.data)
    const tx = await this.readTransaction(data, "retrieving the payment")
    return { data: { ...withPlategaStatus(data, tx.status), platega: { ...tx } } }
  }

  /** Same amount and currency: nothing to do. A new amount needs a new Platega transaction. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.transaction_id && sameTerms(data, input)) {
      return { data, status: sessionStatusFor(data.platega_status ?? "PENDING") }
    }
    if (data.transaction_id) this.leave(data)
    const {
      transaction_id: _t,
      redirect: _r,
      qr: _q,
      platega_status: _s,
      platega_status_at: _a,
      platega_read_at: _ra,
      ...rest
    } = data
    return this.restart(input, rest)
  }

  /** A session started again from `rest` (its data without what the old Platega object gave). */
  protected async restart(
    input: UpdatePaymentInput,
    rest: PlategaSessionData,
  ): Promise<UpdatePaymentOutput> {
    const created = await this.initiatePayment({ ...input, data: rest })
    return { data: created.data, status: created.status }
  }

  /** Deleting a session never blocks the shopper and never touches money (see leave). */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.transaction_id) this.leave(data)
    return { data }
  }

  /**
   * A transaction the shopper left behind is left to expire, never cancelled: Platega's cancel
   * refunds a CONFIRMED transaction, and a payment can land between any read and the cancel.
   * Paid after all, its callback finds no session that it pays and opens a case for the merchant,
   * with the refund action.
   */
  private leave(data: PlategaSessionData): void {
    this.logger_?.info(
      `Platega: transaction ${data.transaction_id} was left as it is (its session was replaced or deleted); unpaid, it expires on its own`,
    )
  }

  /**
   * Cancelling leaves nothing payable. A confirmed payment is not cancelled here: money moved, so
   * it must be refunded (refundPayment), and the error says so.
   */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = readSessionData(input.data)
    if (!data.transaction_id) return { data }
    return this.cancelWith(data, "cancelling the payment", () => this.cancelPending(data))
  }

  /** The session with the Platega status `cancel` left; its failure is a Medusa error. */
  protected async cancelWith(
    data: PlategaSessionData,
    action: string,
    cancel: () => Promise<string>,
  ): Promise<CancelPaymentOutput> {
    try {
      return { data: withPlategaStatus(data, await cancel()) }
    } catch (e) {
      throw toMedusaError(action, e)
    }
  }

  private cancelPending(data: PlategaSessionData): Promise<string> {
    return cancelPendingTransaction(this.moneyBackDeps(), data.transaction_id as string)
  }

  /** What giving money back needs: the client, and the access that records refunds once. */
  private moneyBackDeps(): MoneyBackDeps {
    return { access: this.access_, client: () => this.client() }
  }

  /**
   * Platega refunds only the whole amount ("cancel a transaction"). A partial refund, a refund the
   * service refuses, or one left for manual control is an error: Medusa then records no refund.
   */
  refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return refundSessionPayment(this.moneyBackDeps(), input)
  }

  /**
   * Medusa's generic webhook route (`/hooks/payment/<provider>`) lands here, and acts on nothing:
   * Platega's callbacks are taken at `/hooks/platega` (verified, recorded, read once from Platega,
   * decided by providers/platega/core/decisions.ts). One path for a callback, not two.
   */
  async getWebhookActionAndData(
    _payload: ProviderWebhookPayload["payload"],
  ): Promise<WebhookActionResult> {
    this.logger_?.warn(
      "Platega: a callback reached /hooks/payment/<provider>, which acts on nothing; set the callback URL in Platega's dashboard to /hooks/platega",
    )
    return { action: PaymentActions.NOT_SUPPORTED } as WebhookActionResult
  }
}
