/// <reference lib="dom" />
// Checkout: contact and address, a choice of SBP or card, then off to Platega's payment page.
import {
  currentCart,
  paymentProviders,
  pendingSubscriptionCart,
  prepareCheckout,
  rememberSubscriptionCart,
  retrieveCart,
  saveCartId,
  startPayment,
  type Cart,
  type Shopper,
} from "../api"
import { h, render } from "../dom"
import { t } from "../i18n"
import { navigate } from "../router"
import { cartView } from "./shop"

/** The plugin's providers (`pp_<identifier>_<id in medusa-config>`) and how a shopper knows them. */
const METHODS: Record<string, { label: () => string; hint: () => string; testid: string }> = {
  "pp_platega-sbp_platega": { label: () => t("sbp"), hint: () => t("sbpHint"), testid: "sbp" },
  "pp_platega-card_platega": { label: () => t("card"), hint: () => t("cardHint"), testid: "card" },
  "pp_platega-subscription_platega": {
    label: () => t("subscriptionPay"),
    hint: () => t("subscriptionHint"),
    testid: "subscription",
  },
}
const SUBSCRIPTION = "pp_platega-subscription_platega"

export async function checkoutPage(): Promise<void> {
  // "Try again" comes back here with the cart id of the failed payment: reuse that cart.
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get("cart_id")
  // A subscription's cart is its own; the shopping cart stays as it was. "Try again" after a
  // failed binding comes back with the remembered subscription cart and no flag.
  const subscription =
    params.get("subscription") === "1" || (!!fromUrl && fromUrl === pendingSubscriptionCart())
  if (fromUrl && !subscription) saveCartId(fromUrl)
  const cart = fromUrl ? await retrieveCart(fromUrl) : await currentCart()
  if (!cart || !cart.items?.length || cart.completed_at) {
    navigate("/")
    return
  }
  // SBP first: it is what most Russian shoppers pay with.
  const available = await paymentProviders()
  const providers = Object.keys(METHODS).filter(
    (id) => available.includes(id) && (id === SUBSCRIPTION) === subscription,
  )
  const error = h("p", { class: "error", "data-testid": "checkout-error", hidden: true })
  const form = h(
    "form",
    { class: "checkout", "data-testid": "checkout-form" },
    h("h1", {}, t("checkout")),
    h(
      "fieldset",
      {},
      h("legend", {}, t("contact")),
      field("email", t("email"), "email", cart.email ?? "", "email"),
      h(
        "div",
        { class: "pair" },
        field(
          "first_name",
          t("firstName"),
          "text",
          cart.shipping_address?.first_name ?? "",
          "given-name",
        ),
        field(
          "last_name",
          t("lastName"),
          "text",
          cart.shipping_address?.last_name ?? "",
          "family-name",
        ),
      ),
      field("phone", t("phone"), "tel", cart.shipping_address?.phone ?? "", "tel"),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("address")),
      field(
        "address_1",
        t("address"),
        "text",
        cart.shipping_address?.address_1 ?? "",
        "street-address",
      ),
      h(
        "div",
        { class: "pair" },
        field("city", t("city"), "text", cart.shipping_address?.city ?? "", "address-level2"),
        field(
          "postal_code",
          t("postalCode"),
          "text",
          cart.shipping_address?.postal_code ?? "",
          "postal-code",
        ),
      ),
      h(
        "label",
        {},
        t("country"),
        h(
          "select",
          { name: "country_code", "data-testid": "country" },
          h("option", { value: "ru", selected: true }, t("russia")),
        ),
      ),
    ),
    h(
      "fieldset",
      { "data-testid": "payment-options" },
      h("legend", {}, t("payment")),
      providers.length
        ? null
        : h("p", { class: "error", "data-testid": "no-payment-options" }, t("noProviders")),
      ...providers.map((id, i) =>
        h(
          "label",
          { class: "method" },
          h("input", {
            type: "radio",
            name: "provider_id",
            value: id,
            checked: i === 0,
            "data-testid": `payment-option-${METHODS[id].testid}`,
          }),
          h("span", {}, h("strong", {}, METHODS[id].label()), h("small", {}, METHODS[id].hint())),
        ),
      ),
    ),
    error,
    h(
      "button",
      {
        type: "submit",
        class: "primary wide",
        "data-testid": "pay-button",
        disabled: !providers.length,
      },
      t("pay"),
    ),
    h("a", { href: "/", "data-link": true, class: "muted" }, t("back")),
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    void pay(form as HTMLFormElement, cart, error)
  })
  render(
    h(
      "section",
      { class: "shop" },
      form,
      h("aside", { class: "cart", "data-testid": "cart" }, cartView(cart)),
    ),
  )
}

function field(name: string, label: string, type: string, value: string, autocomplete: string) {
  return h(
    "label",
    {},
    label,
    h("input", {
      name,
      type,
      value,
      autocomplete,
      required: name !== "phone",
      "data-testid": `field-${name}`,
    }),
  )
}

async function pay(form: HTMLFormElement, cart: Cart, error: HTMLElement): Promise<void> {
  const button = form.querySelector("button[type=submit]")
  const data = new FormData(form)
  const text = (name: string) => String(data.get(name) ?? "").trim()
  const shopper: Shopper = {
    email: text("email"),
    first_name: text("first_name"),
    last_name: text("last_name"),
    phone: text("phone"),
    address_1: text("address_1"),
    city: text("city"),
    postal_code: text("postal_code"),
  }
  button?.setAttribute("disabled", "")
  if (button) button.textContent = t("paying")
  error.hidden = true
  try {
    const ready = await prepareCheckout(cart.id, shopper)
    const provider = text("provider_id")
    const redirect = await startPayment(ready, provider)
    if (provider === SUBSCRIPTION) rememberSubscriptionCart(cart.id)
    location.assign(redirect)
  } catch (e) {
    error.textContent = `${t("error")}: ${e instanceof Error ? e.message : String(e)}`
    error.hidden = false
    button?.removeAttribute("disabled")
    if (button) button.textContent = t("pay")
  }
}
