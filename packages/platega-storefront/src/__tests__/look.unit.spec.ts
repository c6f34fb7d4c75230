import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import type { MedusaSdk } from "../core/medusa.js"
import type { PlategaButtonProps } from "../react/look.js"
import { PlategaPayButton } from "../react/pay-button.js"
import { PlategaReturnPage } from "../react/return-page.js"

// Rendered to markup only (the first render, before any effect): no request is made.
const sdk: MedusaSdk = {
  client: {
    fetch: () => Promise.reject(new Error("no request expected")),
  },
}
const cart = {
  id: "cart_1",
  payment_collection: {
    id: "pay_col_1",
    payment_sessions: [{ id: "ps_1", provider_id: "pp_platega-sbp_platega", status: "pending" }],
  },
}
const pay = { sdk, cart, returnUrl: "/checkout/platega" }

describe("the store's look", () => {
  it("with nothing passed, draws a real button, not bare text", () => {
    const html = renderToStaticMarkup(h(PlategaPayButton, pay))
    expect(html).toMatch(/^<button type="button" style="[^"]*background:#111827[^"]*"/)
    expect(html).toContain('data-testid="platega-pay-button"')
    expect(html).toContain(">Pay</button>")
  })

  it("draws the store's own button when given one, with the kit's label and state", () => {
    const html = renderToStaticMarkup(
      h(PlategaPayButton, {
        ...pay,
        locale: "ru",
        disabled: true,
        renderButton: (b: PlategaButtonProps) =>
          h(
            "button",
            {
              className: `store-button store-${b.variant}`,
              disabled: b.disabled,
              "data-loading": b.loading,
              "data-testid": b["data-testid"],
            },
            b.children,
          ),
      }),
    )
    expect(html).toBe(
      '<button class="store-button store-primary" disabled="" data-loading="false" data-testid="platega-pay-button">Оплатить</button>',
    )
  })

  it("gives a part the store's class in place of the kit's inline style", () => {
    const classed = renderToStaticMarkup(
      h(PlategaReturnPage, {
        sdk,
        classNames: { root: "rounded-md border p-4", status: "txt-medium" },
      }),
    )
    expect(classed).toBe(
      '<div data-testid="platega-return" data-status="working" class="rounded-md border p-4">' +
        '<p role="status" class="txt-medium">Confirming the payment…</p></div>',
    )
    const card = renderToStaticMarkup(h(PlategaReturnPage, { sdk }))
    expect(card).toMatch(
      /^<div data-testid="platega-return" data-status="working" style="[^"]*border:1px solid #e5e7eb/,
    )
    const bare = renderToStaticMarkup(h(PlategaReturnPage, { sdk, unstyled: true }))
    expect(bare).not.toContain("style=")
  })

  it("keeps the old className prop: the button's class", () => {
    const html = renderToStaticMarkup(h(PlategaPayButton, { ...pay, className: "btn" }))
    expect(html).toBe(
      '<button type="button" class="btn" aria-busy="false" data-testid="platega-pay-button">Pay</button>',
    )
  })
})
