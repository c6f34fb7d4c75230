import { isMobileDevice } from "../core/device.js"
import { plategaSessionOf } from "../core/finish-payment.js"
import { isPlatega, plategaMethodOf, plategaProviderId } from "../core/providers.js"
import { withParams } from "../core/start-payment.js"
import { plategaTexts } from "../core/texts.js"

describe("provider ids", () => {
  it("names and recognises the Platega providers, whatever id the store gave them", () => {
    expect(plategaProviderId("sbp")).toBe("pp_platega-sbp_platega")
    expect(plategaProviderId("subscription", "shop2")).toBe("pp_platega-subscription_shop2")
    expect(plategaMethodOf("pp_platega-card_shop2")).toBe("card")
    expect(plategaMethodOf("pp_platega-international-card_platega")).toBe("international_card")
    expect(plategaMethodOf("pp_platega-sberpay_platega")).toBe("sberpay")
    expect(plategaMethodOf("pp_platega-method_3")).toBe("method")
    expect(plategaMethodOf("pp_platega-unknown_platega")).toBeUndefined()
    expect(plategaMethodOf("pp_stripe_stripe")).toBeUndefined()
    expect(isPlatega("pp_system_default")).toBe(false)
    expect(isPlatega(undefined)).toBe(false)
  })

  it("finds the cart's latest Platega session among others", () => {
    const cart = {
      id: "cart_1",
      payment_collection: {
        id: "pay_col_1",
        payment_sessions: [
          { id: "a", provider_id: "pp_platega-sbp_platega", status: "canceled" },
          { id: "b", provider_id: "pp_platega-card_platega", status: "pending" },
          { id: "c", provider_id: "pp_system_default", status: "pending" },
        ],
      },
    }
    expect(plategaSessionOf(cart)?.id).toBe("b")
    expect(plategaSessionOf({ id: "cart_2" })).toBeUndefined()
  })
})

describe("return addresses", () => {
  it("adds the cart id to an absolute address, keeping its own query", () => {
    expect(withParams("https://shop.example/ru/checkout/platega?x=1", { cart_id: "cart_1" })).toBe(
      "https://shop.example/ru/checkout/platega?x=1&cart_id=cart_1",
    )
  })

  it("refuses a relative address where there is no page to resolve it against", () => {
    expect(() => withParams("/checkout/platega", { cart_id: "c" })).toThrow(
      /not an address the payer can come back to/,
    )
  })
})

describe("texts", () => {
  it("speaks English by default and Russian on request; any text can be replaced", () => {
    expect(plategaTexts().pay).toBe("Pay")
    const ru = plategaTexts("ru", { paid: "Спасибо!", methods: { sbp: "Оплата по QR" } as never })
    expect(ru).toMatchObject({ pay: "Оплатить", paid: "Спасибо!" })
    expect(ru.methods).toEqual({
      sbp: "Оплата по QR",
      card: "Банковская карта",
      sberpay: "SberPay",
      international_card: "Карта иностранного банка",
      method: "Другой способ оплаты",
      subscription: "Подписка",
    })
    expect(ru.orderNumber(12)).toBe("Заказ №12")
  })
})

describe("device", () => {
  it("tells a phone from a computer by its user agent", () => {
    expect(isMobileDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true)
    expect(isMobileDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile")).toBe(true)
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe(false)
  })
})
