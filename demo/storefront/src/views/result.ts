/// <reference lib="dom" />
// Where Platega sends the shopper back. /return completes the cart (the order appears here even if
// Platega's callback has not arrived yet: Medusa asks the provider for the payment status);
// /failed says the payment did not go through and offers to pay again with the same cart.
import {
  completeCart,
  currentCart,
  forgetCompletedCart,
  retrieveCart,
  savedCartId,
  type Completion,
  type Order,
} from "../api"
import { h, render } from "../dom"
import { money } from "../format"
import { statusText, t } from "../i18n"
import { navigate, refreshCartLink } from "../router"

/** How long the return page keeps asking while the payment is still pending. */
const PENDING_WINDOW_MS = 20_000
const PAUSE_MS = 1_500
/** A pending payment is completed anyway this often, so a lost callback still becomes the order. */
const ASK_EVERY_MS = 20_000

/** Platega's callback settled the cart's payment (or made the order): completing it now gives the order. */
async function cartSaysPaid(cartId: string): Promise<boolean> {
  const cart = await retrieveCart(cartId)
  const session = cart?.payment_collection?.payment_sessions?.[0]
  return !!cart?.completed_at || session?.status === "authorized"
}

const cartIdFromPage = () => new URLSearchParams(location.search).get("cart_id") ?? savedCartId()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function returnPage(): Promise<void> {
  const cartId = cartIdFromPage()
  if (!cartId) return showProblem(t("noCart"), "")
  render(
    h(
      "section",
      { class: "result", "data-testid": "return-pending" },
      h("div", { class: "spinner" }),
      h("h1", {}, t("checkingPayment")),
    ),
  )
  const deadline = Date.now() + PENDING_WINDOW_MS
  let outcome: Completion = await completeCart(cartId)
  let askedAt = Date.now()
  // Waits on the cart, not on completions: the store refuses a pending payment without making an
  // order, and reads Platega at most once per 15 s; the callback usually settles it first.
  while (outcome.kind === "pending" && Date.now() < deadline) {
    await sleep(PAUSE_MS)
    if ((await cartSaysPaid(cartId)) || Date.now() - askedAt >= ASK_EVERY_MS) {
      askedAt = Date.now()
      outcome = await completeCart(cartId)
    }
  }
  if (outcome.kind === "order") return showOrder(outcome.order, cartId)
  if (outcome.kind === "failed") return showFailure(cartId, outcome.message, outcome.plategaStatus)
  return showPending(cartId)
}

export async function failedPage(): Promise<void> {
  const cartId = cartIdFromPage()
  if (!cartId) return showProblem(t("noCart"), "")
  render(h("section", { class: "result" }, h("div", { class: "spinner" })))
  // One completion attempt asks Platega (through Medusa) what became of the payment: a late success
  // (paid in another tab) still wins, otherwise Platega's status says why it failed.
  const outcome = await completeCart(cartId)
  if (outcome.kind === "order") return showOrder(outcome.order, cartId)
  showFailure(cartId, "", outcome.plategaStatus)
}

/** What Platega said about the payment, in the shopper's words; "" when it said nothing. */
function plategaReason(status: string): string {
  if (!status) return ""
  if (status === "CANCELED") return t("reasonCanceled")
  if (status === "CHARGEBACKED") return t("reasonChargebacked")
  if (status === "PENDING") return t("reasonPending")
  return t("reasonOther").replace("{status}", status)
}

/** The order made from `cartId`; a subscription's order leaves the shopping cart as it was. */
function showOrder(order: Order, cartId: string): void {
  forgetCompletedCart(cartId)
  void currentCart().then(refreshCartLink)
  render(
    h(
      "section",
      { class: "result ok", "data-testid": "order-confirmed" },
      h("div", { class: "badge" }, "✓"),
      h("h1", {}, t("thanks")),
      h(
        "dl",
        {},
        h("dt", {}, t("orderNumber")),
        h("dd", { "data-testid": "order-display-id" }, `#${order.display_id}`),
        h("dt", {}, t("total")),
        h("dd", { "data-testid": "order-total" }, money(order.total, order.currency_code)),
        h("dt", {}, t("status")),
        h(
          "dd",
          { "data-testid": "order-status", "data-status": order.status },
          statusText(order.status),
        ),
        h("dt", {}, t("paymentStatus")),
        h(
          "dd",
          { "data-testid": "order-payment-status", "data-status": order.payment_status },
          statusText(order.payment_status),
        ),
      ),
      h(
        "ul",
        { class: "lines" },
        ...(order.items ?? []).map((i) =>
          h(
            "li",
            {},
            h("span", {}, `${i.product_title ?? i.title} × ${i.quantity}`),
            h("span", {}, money(i.total, order.currency_code)),
          ),
        ),
      ),
      h(
        "a",
        { href: "/", "data-link": true, class: "button", "data-testid": "continue-shopping" },
        t("continueShopping"),
      ),
    ),
  )
}

function showFailure(cartId: string, detail: string, plategaStatus = ""): void {
  const reason = plategaReason(plategaStatus)
  render(
    h(
      "section",
      { class: "result bad", "data-testid": "payment-failed" },
      h("div", { class: "badge" }, "✕"),
      h("h1", {}, t("failed")),
      reason
        ? h("p", { "data-testid": "failure-reason", "data-status": plategaStatus }, reason)
        : null,
      h("p", {}, t("failedText")),
      detail ? h("p", { class: "muted small", "data-testid": "failure-detail" }, detail) : null,
      tryAgainButton(cartId),
    ),
  )
}

function showPending(cartId: string): void {
  render(
    h(
      "section",
      { class: "result", "data-testid": "payment-pending" },
      h("h1", {}, t("stillPending")),
      h("p", {}, t("stillPendingText")),
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-testid": "check-again",
            onclick: () => navigate(`/return?cart_id=${encodeURIComponent(cartId)}`),
          },
          t("checkAgain"),
        ),
        tryAgainButton(cartId),
      ),
    ),
  )
}

function showProblem(title: string, detail: string): void {
  render(
    h(
      "section",
      { class: "result bad", "data-testid": "result-problem" },
      h("h1", {}, title),
      detail ? h("p", {}, detail) : null,
      h("a", { href: "/", "data-link": true }, t("back")),
    ),
  )
}

function tryAgainButton(cartId: string): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      class: "secondary",
      "data-testid": "try-again",
      onclick: () => navigate(`/checkout?cart_id=${encodeURIComponent(cartId)}`),
    },
    t("tryAgain"),
  )
}
