import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  decimalText,
  isLiveLink,
  paymentLinkView,
  PLATEGA_MODULE,
  type PaymentLinkRecord,
  type PaymentLinkView,
  type PlategaModuleService,
} from "../../modules/platega"
import { sameAmount } from "../../providers/platega"
import { createPaymentLinkWorkflow } from "./create-payment-link"
import { readPaymentLinkTarget } from "./collection"
import { linkReturnAddresses, type LinkRequestInput } from "./steps/check-link-request"

type Container = Pick<MedusaContainer, "resolve">

/** How long a request waits for another one working on the same collection. */
const LOCK_TIMEOUT_SECONDS = 60

/** Link requests, settlements and captures of one payment collection take turns. */
export function withCollectionLock<T>(
  container: Container,
  paymentCollectionId: string,
  fn: () => Promise<T>,
): Promise<T> {
  return container
    .resolve(Modules.LOCKING)
    .execute(`platega-link:${paymentCollectionId}`, fn, { timeout: LOCK_TIMEOUT_SECONDS })
}

type RequestedLink = { link: PaymentLinkView; created: boolean }

interface RequestPaymentLinkInput extends LinkRequestInput {
  /** Make a new link even when a live one exists (it supersedes the old one). */
  replace?: boolean
}

/**
 * The collection's live link for exactly its outstanding amount, or a new one. Under the
 * collection's lock, so two requests at once make one link. `mayCreate` is asked before a new
 * link is made (a live one is handed out without asking): false, and nothing is made (undefined).
 */
export function requestPaymentLink(
  container: Container,
  input: RequestPaymentLinkInput,
): Promise<RequestedLink>
export function requestPaymentLink(
  container: Container,
  input: RequestPaymentLinkInput,
  mayCreate: () => Promise<boolean>,
): Promise<RequestedLink | undefined>
export async function requestPaymentLink(
  container: Container,
  input: RequestPaymentLinkInput,
  mayCreate?: () => Promise<boolean>,
): Promise<RequestedLink | undefined> {
  const { replace, ...request } = input
  return withCollectionLock(container, input.payment_collection_id, async () => {
    if (!replace) {
      const live = await liveLink(container, request)
      if (live) return { link: paymentLinkView(live), created: false }
    }
    if (mayCreate && !(await mayCreate())) return undefined
    const { result } = await createPaymentLinkWorkflow(container as MedusaContainer).run({
      input: request,
    })
    return { link: result, created: true }
  })
}

/**
 * The collection's newest link still worth paying, when it asks for what is outstanding now and
 * sends the payer back where this request says: a link is never handed out for other addresses.
 */
async function liveLink(
  container: Container,
  request: LinkRequestInput,
): Promise<PaymentLinkRecord | undefined> {
  const paymentCollectionId = request.payment_collection_id
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [newest] = (await platega.listPlategaPaymentLinks(
    { payment_collection_id: paymentCollectionId, status: "pending", superseded_by: null },
    { order: { created_at: "DESC" }, take: 1 },
  )) as unknown as PaymentLinkRecord[]
  if (!newest || !isLiveLink(newest)) return undefined
  const wanted = linkReturnAddresses(request, await platega.getEffectiveSettings())
  if (newest.return_url !== wanted.returnUrl || newest.failed_url !== wanted.failedUrl) {
    return undefined
  }
  const target = await readPaymentLinkTarget(container, paymentCollectionId)
  if (
    !target ||
    !sameAmount(
      decimalText(newest.amount, newest.raw_amount),
      target.outstanding,
      target.currency_code,
    )
  ) {
    return undefined
  }
  return newest
}
