/// <reference lib="dom" />
// "My subscriptions": the signed-in shopper's subscriptions, with their orders and a cancel button.
import { cancelMySubscription, me, mySubscriptions, type MySubscription } from "../account"
import { h, render } from "../dom"
import { money } from "../format"
import { everyText, lang, subscriptionStatusText, t } from "../i18n"
import { navigate } from "../router"

const FINAL = ["Cancelled", "Failed"]

const date = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(lang() === "en" ? "en-GB" : "ru-RU") : "—"

/** What comes next: the next charge, or when it was cancelled; a failed one has neither. */
function when(s: MySubscription): string {
  if (s.status === "Cancelled") return `${t("cancelledOn")} ${date(s.cancelled_at)}`
  if (FINAL.includes(s.status)) return ""
  return `${t("nextCharge")}: ${date(s.next_charge_at)}`
}

function row(s: MySubscription): HTMLElement {
  const status = h(
    "strong",
    { "data-testid": "subscription-status", "data-status": s.status },
    subscriptionStatusText(s.status),
  )
  const error = h("p", { class: "error", hidden: true })
  const cancel = FINAL.includes(s.status)
    ? null
    : h(
        "button",
        {
          type: "button",
          "data-testid": "subscription-cancel",
          onclick: async () => {
            if (!confirm(t("cancelConfirm"))) return
            cancel?.setAttribute("disabled", "")
            try {
              await cancelMySubscription(s.id)
              await subscriptionsPage()
            } catch (e) {
              error.textContent = `${t("error")}: ${e instanceof Error ? e.message : String(e)}`
              error.hidden = false
              cancel?.removeAttribute("disabled")
            }
          },
        },
        t("cancelSubscription"),
      )
  return h(
    "li",
    { class: "subscription", "data-testid": "subscription-row", "data-id": s.id },
    h(
      "div",
      {},
      h("h3", {}, s.product_title ?? t("subscription")),
      h(
        "p",
        {},
        `${money(s.amount, s.currency_code)} ${everyText(s.interval, s.interval_count)} · `,
        status,
      ),
      when(s) ? h("p", { class: "muted" }, when(s)) : null,
      h(
        "p",
        { class: "muted", "data-testid": "subscription-orders" },
        `${t("orders")}: `,
        s.orders.map((o) => `#${o.display_id} (${date(o.created_at)})`).join(", ") || "—",
      ),
      error,
    ),
    cancel,
  )
}

export async function subscriptionsPage(): Promise<void> {
  if (!(await me())) {
    navigate("/account?next=/subscriptions")
    return
  }
  const list = await mySubscriptions()
  render(
    h(
      "section",
      { class: "subscriptions", "data-testid": "my-subscriptions" },
      h("h1", {}, t("mySubscriptions")),
      list.length
        ? h("ul", { class: "subscription-list" }, ...list.map(row))
        : h("p", { class: "muted", "data-testid": "no-subscriptions" }, t("noSubscriptions")),
      h("a", { href: "/", "data-link": true, class: "muted" }, t("back")),
    ),
  )
}
