import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
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
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { SUBSCRIPTION_METHOD_CODE, type Subscription } from "../../../lib/platega"
import { intervalCode, planSchema, recordStatus, successfulCharges } from "../../../modules/platega"
import { bothLanguages } from "./admin-message"
import { toMedusaError } from "./errors"
import { toDecimalString } from "../../../lib/platega/money"
import { claimFor, ownershipDeps, paidOrError } from "./paid-check"
import { PlategaBase } from "./platega-base"
import {
  readSessionData,
  sameTerms,
  withPlategaRead,
  type PlategaSessionData,
} from "./session-data"
import { chosenMethodSession, paymentNotStarted, startsPayment } from "./payment-start"

/**
 * Subscriptions (Platega method 6). Platega runs the schedule and charges the payer; this
 * provider never charges. Two kinds of session:
 * - the checkout's: creates the Platega subscription and sends the shopper to bind it. Its status
 *   comes from GET /subscription/{id} (a subscription id is not a transaction): paid once Platega
 *   took the first charge.
 * - a renewal's (`renewal_of`, made by the plugin's renewal workflow, never by a storefront): the
 *   charge transaction Platega already made, read with GET /transaction/{id} like any payment.
 */
export abstract class PlategaSubscriptionBase extends PlategaBase {
  protected override readonly methodCode = SUBSCRIPTION_METHOD_CODE

  override async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of) return this.initiateRenewal(input)
    const plan = planSchema.safeParse(data.plan)
    if (!plan.success) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Platega subscription: the payment session has no valid plan. Create it with POST /store/payment-collections/:id/payment-sessions, which reads the plan of the cart's variants",
      )
    }
    const { settings, currency, amount, sessionId, fill, tokens } = await this.paymentTerms(input)
    if (!startsPayment(data)) {
      const terms = { amount: tokens.amount, currency, paymentMethod: this.methodCode }
      return chosenMethodSession({ ...data, plan: plan.data }, terms)
    }
    const client = await this.client()
    try {
      // Only what Platega takes for method 6: no return address or metadata. The payload (the
      // session id) comes back on every charge: what ties a charge to this checkout.
      const created = await client.createSubscription({
        payload: sessionId,
        paymentDetails: {
          amount,
          currency,
          interval: intervalCode(plan.data.interval),
          intervalCount: plan.data.interval_count,
        },
        description: fill(settings.description),
      })
      const sessionData: PlategaSessionData = {
        ...data,
        plan: plan.data,
        subscription_id: created.transactionId,
        platega_status: created.status,
        redirect: created.redirect,
        amount: toDecimalString(input.amount, currency),
        currency,
        payment_method: this.methodCode,
      }
      return {
        id: created.transactionId,
        status: PaymentSessionStatus.PENDING,
        data: sessionData,
      }
    } catch (e) {
      throw toMedusaError("creating the subscription", e)
    }
  }

  /** A renewal: the money is already in (Platega charged); nothing is created at Platega. */
  private initiateRenewal(input: InitiatePaymentInput) {
    return this.adoptTransaction(
      input,
      "Platega subscription: a renewal payment needs the charge's transaction id",
      { payment_method: this.methodCode },
    )
  }

  override async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data.renewal_of && !data.subscription_id) throw paymentNotStarted("subscription")
    return this.getPaymentStatus(input)
  }

  override async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of) return super.getPaymentStatus(input)
    // A chosen method not yet paid for is neither paid nor failed.
    if (!data.subscription_id) return { status: PaymentSessionStatus.PENDING, data }
    // Inside the charge callback's own authorization, its read answers (withHandedReads,
    // modules/platega/access/handed-reads.ts).
    const sub = await this.readSubscription(data, "reading the subscription")
    return { status: await this.checkoutStatus(data, sub), data: this.withRead(data, sub) }
  }

  /**
   * The checkout is paid once Platega took the first charge, whatever happened since (a later
   * PastDue or Cancelled does not undo it). Before that: waiting while it can still be bound and
   * charged, cancelled once it never will.
   */
  private async checkoutStatus(
    data: PlategaSessionData,
    sub: Subscription,
  ): Promise<PaymentSessionStatus> {
    const status = recordStatus(sub.status)
    if (successfulCharges(sub) > 0) {
      const paid = { paymentDetails: { amount: sub.amount, currency: sub.currencyCode } }
      const checked = paidOrError(data, paid, `subscription ${sub.id} has charged`, this.logger_)
      return checked === PaymentSessionStatus.CAPTURED ? this.claimed(data, sub.id) : checked
    }
    if (["Failed", "Cancelled", "PastDue"].includes(status)) return PaymentSessionStatus.CANCELED
    return PaymentSessionStatus.PENDING
  }

  /** A subscription's checkout pays one session: the first to have it accepted as paid. */
  private async claimed(data: PlategaSessionData, id: string): Promise<PaymentSessionStatus> {
    const sessionId = data.session_id ?? ""
    const owner =
      sessionId &&
      (await claimFor("subscription", id, sessionId, ownershipDeps(this.paidCheckDeps())))
    if (owner === sessionId && sessionId) return PaymentSessionStatus.CAPTURED
    this.logger_?.warn(
      `Platega: subscription ${id} is not accepted as paid for session ${sessionId || "(none)"}: it already pays payment session ${owner || "(unknown)"}`,
    )
    return PaymentSessionStatus.ERROR
  }

  private withRead(data: PlategaSessionData, sub: Subscription): PlategaSessionData {
    return {
      ...withPlategaRead(data, recordStatus(sub.status)),
      charges_success: successfulCharges(sub),
    }
  }

  private async readSubscription(data: PlategaSessionData, action: string): Promise<Subscription> {
    return this.readSessionObject(data.subscription_id, "subscription", action, (id) =>
      this.access_.readSubscription(id),
    )
  }

  override async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of) return super.capturePayment(input)
    const sub = await this.readSubscription(data, "capturing the payment")
    if ((await this.checkoutStatus(data, sub)) !== PaymentSessionStatus.CAPTURED) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Platega: subscription ${sub.id} is ${recordStatus(sub.status)} and has not charged: there is nothing to capture`,
      )
    }
    return { data: this.withRead(data, sub) }
  }

  override async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of) return super.retrievePayment(input)
    const sub = await this.readSubscription(data, "retrieving the subscription")
    return { data: { ...this.withRead(data, sub), platega: { ...sub } } }
  }

  /** A new amount needs a new Platega subscription (Platega cannot change one). */
  override async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of || (data.subscription_id && sameTerms(data, input))) {
      return { data, status: PaymentSessionStatus.PENDING }
    }
    if (data.subscription_id) this.leaveSubscription(data)
    const { subscription_id: _s, redirect: _r, platega_status: _p, ...rest } = data
    return this.restart(input, rest)
  }

  override async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = readSessionData(input.data)
    if (!data.renewal_of && data.subscription_id) this.leaveSubscription(data)
    return { data }
  }

  /**
   * A subscription the shopper left behind is left as it is: unbound, it fails after 30 minutes.
   * Cancelling it could meet a first charge landing at that moment (see PlategaBase.leave).
   */
  private leaveSubscription(data: PlategaSessionData): void {
    this.logger_?.info(
      `Platega: subscription ${data.subscription_id} was left as it is (its session was replaced or deleted); unbound, it fails after 30 minutes`,
    )
  }

  /**
   * A renewal has nothing to cancel: its charge belongs to the subscription. A checkout that has
   * not been charged is cancelled at Platega (no one can bind it later); a charged one must be
   * refunded, and the subscription cancelled, instead.
   */
  override async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of || !data.subscription_id) return { data }
    return this.cancelWith(data, "cancelling the subscription payment", () =>
      this.cancelUnpaid(data),
    )
  }

  private async cancelUnpaid(data: PlategaSessionData): Promise<string> {
    const client = await this.client()
    const id = data.subscription_id as string
    const sub = await client.getSubscription(id)
    if (successfulCharges(sub) > 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Platega: subscription ${id} has already charged; refund the charge and cancel the subscription instead`,
      )
    }
    const status = recordStatus(sub.status)
    if (status === "Cancelled" || status === "Failed") return status
    return recordStatus((await client.cancelSubscription(id)).status)
  }

  /** Platega refunds a whole charge: a renewal's, or the first one once it is known. */
  override async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = readSessionData(input.data)
    if (data.renewal_of) return super.refundPayment(input)
    if (!data.first_charge_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        bothLanguages({
          ru: `Platega: списание, оплатившее подписку ${data.subscription_id ?? ""}, ещё неизвестно; верните его в личном кабинете Platega`,
          en: `Platega: the charge that paid subscription ${data.subscription_id ?? ""} is not known yet; refund it from Platega's dashboard`,
        }),
      )
    }
    return super.refundPayment({
      ...input,
      data: { ...data, transaction_id: data.first_charge_id },
    })
  }
}
