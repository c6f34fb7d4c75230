/// <reference lib="dom" />
// Home page: the products and the cart beside them.
import { me } from "../account"
import {
  addToCart,
  currentCart,
  forgetSubscriptionCart,
  listProducts,
  pendingSubscriptionCart,
  retrieveCart,
  removeLine,
  subscriptionCart,
  type Cart,
  type Product,
} from "../api"
import { h, render } from "../dom"
import { money } from "../format"
import { t } from "../i18n"
import { navigate, refreshCartLink } from "../router"

export async function shopPage(): Promise<void> {
  render(h("p", { class: "muted" }, t("loading")))
  const [products, cart] = await Promise.all([listProducts(), currentCart()])
  const cartBox = h("aside", { class: "cart", "data-testid": "cart" })
  const redrawCart = (c: Cart | undefined) => {
    cartBox.replaceChildren(cartView(c, redrawCart))
    refreshCartLink(c)
  }
  redrawCart(cart)
  render(
    h(
      "section",
      { class: "shop" },
      h(
        "div",
        {},
        await subscriptionNotice(),
        h("h1", {}, t("products")),
        h(
          "div",
          { class: "grid", "data-testid": "product-list" },
          ...products.map((p) => productCard(p, redrawCart)),
        ),
      ),
      cartBox,
    ),
  )
}

/** Back from Platega's bind page (it has no link to the shop): finish the subscription's order. */
async function subscriptionNotice(): Promise<HTMLElement | null> {
  const id = pendingSubscriptionCart()
  if (!id) return null
  const cart = await retrieveCart(id)
  if (!cart) {
    forgetSubscriptionCart()
    return null
  }
  // Platega's callback may have placed the order before the shopper came back: the same link then
  // shows that order (completing a completed cart returns its order) and forgets the cart.
  const done = !!cart.completed_at
  return h(
    "p",
    {
      class: "notice",
      "data-testid": "finish-subscription",
      "data-state": done ? "ordered" : "open",
    },
    `${t(done ? "subscriptionOrderedText" : "finishSubscriptionText")} `,
    h(
      "a",
      { href: `/return?cart_id=${encodeURIComponent(id)}`, "data-link": true },
      t(done ? "seeSubscriptionOrder" : "finishSubscription"),
    ),
  )
}

/** A product sold by subscription (the seed marks it; the plan itself is on the variant). */
const bySubscription = (product: Product) => !!product.metadata?.platega_subscription

/** Subscribe: a cart of its own (one plan per cart), owned by the signed-in shopper. */
function subscribeButton(product: Product, variantId: string | undefined): HTMLElement {
  const button = h(
    "button",
    {
      type: "button",
      class: "primary",
      "data-testid": `subscribe-${product.handle}`,
      disabled: !variantId,
    },
    t("subscribe"),
  )
  button.addEventListener("click", async () => {
    if (!variantId) return
    if (!(await me())) {
      navigate("/account?next=/")
      return
    }
    button.setAttribute("disabled", "")
    try {
      const cart = await subscriptionCart(variantId)
      navigate(`/checkout?cart_id=${encodeURIComponent(cart.id)}&subscription=1`)
    } finally {
      button.removeAttribute("disabled")
    }
  })
  return button
}

function productCard(product: Product, onCart: (c: Cart) => void): HTMLElement {
  const variant = product.variants?.[0]
  const price = variant?.calculated_price
  if (bySubscription(product)) {
    return card(
      product,
      `${money(price?.calculated_amount, price?.currency_code ?? "rub")} ${t("perMonth")}`,
      subscribeButton(product, variant?.id),
    )
  }
  const button = h(
    "button",
    {
      type: "button",
      class: "primary",
      "data-testid": `add-to-cart-${product.handle}`,
      disabled: !variant,
    },
    t("addToCart"),
  )
  button.addEventListener("click", async () => {
    if (!variant) return
    button.setAttribute("disabled", "")
    try {
      onCart(await addToCart(variant.id))
      button.textContent = `✓ ${t("added")}`
      setTimeout(() => (button.textContent = t("addToCart")), 1200)
    } finally {
      button.removeAttribute("disabled")
    }
  })
  return card(product, money(price?.calculated_amount, price?.currency_code ?? "rub"), button)
}

function card(product: Product, price: string, action: HTMLElement): HTMLElement {
  return h(
    "article",
    { class: "card", "data-testid": "product-card", "data-handle": product.handle ?? "" },
    product.thumbnail ? h("img", { src: product.thumbnail, alt: "", loading: "lazy" }) : null,
    h("h2", {}, product.title),
    h("p", { class: "muted" }, product.description ?? ""),
    h("div", { class: "row" }, h("strong", { "data-testid": "product-price" }, price), action),
  )
}

/** The cart panel; `onChange` is called with the cart after a line is removed. */
export function cartView(
  cart: Cart | undefined,
  onChange?: (c: Cart | undefined) => void,
): HTMLElement {
  const items = cart?.items ?? []
  if (!cart || !items.length) {
    return h(
      "div",
      {},
      h("h2", {}, t("cart")),
      h("p", { class: "muted", "data-testid": "cart-empty" }, t("cartEmpty")),
    )
  }
  return h(
    "div",
    {},
    h("h2", {}, t("cart")),
    h(
      "ul",
      { class: "lines" },
      ...items.map((item) =>
        h(
          "li",
          { "data-testid": "cart-item" },
          h("span", {}, `${item.product_title ?? item.title} × ${item.quantity}`),
          h("span", {}, money(item.total, cart.currency_code)),
          onChange
            ? h(
                "button",
                {
                  type: "button",
                  class: "link",
                  "data-testid": "remove-item",
                  onclick: async () => {
                    await removeLine(cart.id, item.id)
                    onChange(await currentCart())
                  },
                },
                t("remove"),
              )
            : null,
        ),
      ),
    ),
    cart.shipping_methods?.length
      ? h(
          "p",
          { class: "row" },
          h("span", {}, t("shipping")),
          h(
            "span",
            {},
            cart.shipping_total ? money(cart.shipping_total, cart.currency_code) : t("free"),
          ),
        )
      : null,
    h(
      "p",
      { class: "row total" },
      h("span", {}, t("total")),
      h("strong", { "data-testid": "cart-total" }, money(cart.total, cart.currency_code)),
    ),
    onChange
      ? h(
          "button",
          {
            type: "button",
            class: "primary wide",
            "data-testid": "go-to-checkout",
            onclick: () => navigate("/checkout"),
          },
          t("checkout"),
        )
      : null,
  )
}
