import { fillDescription, fillUrl, type TemplateTokens } from "../core/description"

const tokens: TemplateTokens = {
  store: "Самовар & Co",
  order: "Кофе в зёрнах ×2",
  plan: "",
  cart_id: "cart_01ABC",
  amount: "2990.50",
  currency: "RUB",
  session_id: "payses_01XYZ",
}

describe("payment description", () => {
  it("names the store and the cart by default", () => {
    expect(fillDescription("{store}: оплата заказа, корзина {cart_id}", tokens)).toBe(
      "Самовар & Co: оплата заказа, корзина cart_01ABC",
    )
  })

  it("fills every placeholder and leaves unknown braces alone", () => {
    expect(fillDescription("{amount} {currency} {session_id} {other}", tokens)).toBe(
      "2990.50 RUB payses_01XYZ {other}",
    )
  })

  it("leaves no stray separator when the store has no name", () => {
    expect(fillDescription("{store}: корзина {cart_id}", { ...tokens, store: "" })).toBe(
      "корзина cart_01ABC",
    )
  })

  it("is cut to Platega's 255 characters", () => {
    expect([...fillDescription("{store}", { ...tokens, store: "я".repeat(400) })]).toHaveLength(255)
  })

  it("URL-encodes values in return addresses", () => {
    expect(fillUrl("https://shop.example/r?s={store}&c={cart_id}", tokens)).toBe(
      "https://shop.example/r?s=%D0%A1%D0%B0%D0%BC%D0%BE%D0%B2%D0%B0%D1%80%20%26%20Co&c=cart_01ABC",
    )
  })
})
