import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MathBN, Modules } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
  type TransactionStatus,
} from "../../../lib/platega"
import {
  PLATEGA_MODULE,
  type CallbackOutcome,
  type LinkFlag,
  type LinkStatus,
  type PaymentLinkRecord,
  type PlategaModuleService,
} from "../../../modules/platega"
import { BUILT_IN_METHODS, sameAmount } from "../../../providers/platega"
import { amountText, readPaymentLinkTarget, UNPAID } from "../collection"

export interface LinkSettlement {
  link_id: string
  transaction_id: string
  payment_collection_id: string
  order_id: string | null
  /** `capture`: the money becomes a captured Medusa payment; `mark`: only the record changes. */
  action: "none" | "mark" | "capture"
  platega_status: string | null
  status?: LinkStatus
  /** capture: the collection to capture on; null means a new one of the order's, for `amount`. */
  collection_id?: string | null
  amount?: string
  currency_code?: string
  provider_id?: string
  flag?: LinkFlag | null
  outcome: CallbackOutcome
  detail: string
  /** capture: Platega's answer that decided it, handed to the authorization. */
  read?: TransactionStatus
}

/** A registered Platega one-off provider for the method the payer picked. */
async function providerFor(
  container: { resolve<T>(key: string): T },
  tx: TransactionStatus,
): Promise<string | undefined> {
  const providers = await container
    .resolve<{ listPaymentProviders(f: object): Promise<{ id: string }[]> }>(Modules.PAYMENT)
    .listPaymentProviders({ is_enabled: true })
  const ids = providers.map((p) => p.id)
  // The provider of the method the payer picked (SBP, card, SberPay, foreign card), else SBP's.
  const code = paymentMethodCode(tx.paymentMethod ?? "")
  const own = BUILT_IN_METHODS.find(
    (m) => m.method === code && m.method !== SUBSCRIPTION_METHOD_CODE,
  )
  const preferred = `pp_${own?.identifier ?? "platega-sbp"}_`
  return (
    ids.find((id) => id.startsWith(preferred)) ??
    ids.find((id) => id.startsWith("pp_platega-sbp_") || id.startsWith("pp_platega-card_"))
  )
}

/**
 * What a link's transaction means now, from Platega's own answer (GET /transaction/{id}), never
 * the callback's word. A link already captured changes nothing. Runs under the collection's lock.
 */
export const decideLinkSettlementStep = createStep(
  "decide-platega-link-settlement",
  async (input: { transaction_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [link] = (await platega.listPlategaPaymentLinks(
      { transaction_id: input.transaction_id },
      { take: 1 },
    )) as unknown as PaymentLinkRecord[]
    const base = {
      link_id: link.id,
      transaction_id: link.transaction_id,
      payment_collection_id: link.payment_collection_id,
      order_id: link.order_id,
    }
    const done = (s: Omit<LinkSettlement, keyof typeof base>) =>
      new StepResponse<LinkSettlement>({ ...base, ...s })
    if (link.payment_id) {
      return done({
        action: "none",
        platega_status: link.platega_status,
        flag: link.flag,
        outcome: link.flag && link.flag !== "paid_after_superseded" ? "flagged" : "captured",
        detail: `Payment link ${link.id} was settled already (payment ${link.payment_id})`,
      })
    }
    let tx: TransactionStatus
    try {
      // Handed to the authorization that follows (the link's session reads it from there).
      tx = await platega.access.readTransaction(input.transaction_id)
    } catch (e) {
      if (!(isPlategaError(e) && e.httpStatus === 404)) throw e
      return done({
        action: "none",
        platega_status: link.platega_status,
        outcome: "ignored",
        detail: `Platega does not know the transaction of payment link ${link.id}`,
      })
    }
    const state = classifyTransactionStatus(tx.status)
    if (state === "canceled") {
      const expired = !!link.expires_at && new Date(link.expires_at).getTime() <= Date.now()
      const status = link.superseded_by ? link.status : expired ? "expired" : "canceled"
      return done({
        action: "mark",
        status,
        platega_status: tx.status,
        outcome: "recorded",
        detail: `Payment link ${link.id}: ${tx.status}, nothing was paid`,
      })
    }
    if (state !== "confirmed") {
      return done({
        action: "mark",
        platega_status: tx.status,
        outcome: state === "pending" ? "unconfirmed" : "recorded",
        detail: `Payment link ${link.id}: Platega says ${tx.status}`,
      })
    }
    const currency = tx.paymentDetails.currency.toUpperCase()
    const paid = amountText(MathBN.convert(tx.paymentDetails.amount), currency)
    const provider_id = await providerFor(container, tx)
    if (!provider_id || !link.order_id) {
      return done({
        action: "mark",
        platega_status: tx.status,
        amount: paid,
        currency_code: currency,
        outcome: "flagged",
        detail: `Payment link ${link.id} is paid (${paid} ${currency}) but ${provider_id ? "belongs to no order" : "no Platega payment provider is registered"}: record it by hand`,
      })
    }
    const target = await readPaymentLinkTarget(container, link.payment_collection_id)
    const fits =
      !!target &&
      UNPAID.includes(target.status) &&
      target.currency_code.toUpperCase() === currency &&
      sameAmount(target.outstanding, paid, currency) &&
      MathBN.eq(target.outstanding, target.amount)
    const flag: LinkFlag | null = fits
      ? link.superseded_by
        ? "paid_after_superseded"
        : null
      : target && !UNPAID.includes(target.status)
        ? "collection_already_paid"
        : "amount_changed"
    return done({
      action: "capture",
      read: tx,
      platega_status: tx.status,
      status: "paid",
      collection_id: fits ? link.payment_collection_id : null,
      amount: paid,
      currency_code: currency,
      provider_id,
      flag,
      // A replaced link that paid the debt needs nobody: the newer link is withdrawn.
      outcome: flag && flag !== "paid_after_superseded" ? "flagged" : "captured",
      detail: flag
        ? flagDetail(flag, link, paid, currency)
        : `Payment link ${link.id} paid ${paid} ${currency}; captured on ${link.payment_collection_id}`,
    })
  },
)

function flagDetail(flag: LinkFlag, link: PaymentLinkRecord, paid: string, currency: string) {
  switch (flag) {
    case "paid_after_superseded":
      return `Payment link ${link.id} had been replaced by ${link.superseded_by} but was paid (${paid} ${currency}); it paid the collection and the newer link is withdrawn`
    case "collection_already_paid":
      return `Payment link ${link.id} was paid (${paid} ${currency}) after collection ${link.payment_collection_id} had been paid: the money is recorded as an extra payment on the order; refund it if it is not owed`
    default:
      return `Payment link ${link.id} was paid (${paid} ${currency}) but collection ${link.payment_collection_id} now needs another amount: the money is recorded as a payment of its own on the order`
  }
}
