import { getPlategaMethodTitles, plategaMethodsInfo } from "../core/method-info.js"
import type { MedusaSdk } from "../core/medusa.js"
import { withPlategaPaymentInfo, type PaymentInfo } from "../react/payment-info.js"

// What GET /store/payment-providers?region_id=… lists for a region the Russia script made, with
// one method named in the options, beside a provider of another plugin.
const REGION = [
  { id: "pp_platega-card_platega" },
  { id: "pp_platega-method_3" },
  { id: "pp_platega-sbp_platega" },
  { id: "pp_platega-subscription_platega" },
  { id: "pp_system_default" },
]

describe("every Platega provider titled", () => {
  it("gives each Platega provider of the region a title and an icon, in English and Russian", () => {
    const titles = { "pp_platega-method_3": "ERIP" }
    const en = plategaMethodsInfo(REGION, { titles })
    expect(Object.keys(en).sort()).toEqual([
      "pp_platega-card_platega",
      "pp_platega-method_3",
      "pp_platega-sbp_platega",
      "pp_platega-subscription_platega",
    ])
    expect(en["pp_platega-subscription_platega"]).toMatchObject({
      title: "Subscription",
      icon: "qr",
    })
    expect(en["pp_platega-method_3"].title).toBe("ERIP")
    expect(en["pp_platega-card_platega"]).toMatchObject({ title: "Bank card", icon: "card" })
    const ru = plategaMethodsInfo(
      REGION.map((p) => p.id),
      { locale: "ru" },
    )
    expect(ru["pp_platega-sbp_platega"].title).toBe("СБП")
    expect(ru["pp_platega-subscription_platega"].title).toBe("Подписка")
    expect(ru["pp_platega-method_3"].title).toBe("Другой способ оплаты")
  })

  it("reads the titles of the methods named in the options from the store, not the built-in ones", async () => {
    const sdk: MedusaSdk = {
      client: {
        fetch: async <T>(url: string) => {
          expect(url).toBe("/store/platega/methods")
          return {
            methods: [
              { provider_id: "pp_platega-sbp_platega", method: 2, title: "СБП" },
              { provider_id: "pp_platega-method_13", method: 13, title: "Crypto" },
            ],
          } as T
        },
      },
    }
    expect(await getPlategaMethodTitles({ sdk })).toEqual({ "pp_platega-method_13": "Crypto" })
  })

  it("answers the store's paymentInfoMap for any Platega id, keeping the store's own entries", () => {
    const own = { title: "Manual Payment", icon: null as never }
    const starter: Record<string, PaymentInfo> = {
      pp_system_default: own,
      "pp_platega-card_platega": { title: "Карта", icon: null as never },
    }
    const map = withPlategaPaymentInfo(starter, { locale: "ru" })
    expect(map.pp_system_default).toBe(own)
    expect(map["pp_platega-card_platega"].title).toBe("Карта")
    expect(map["pp_platega-sbp_shop2"].title).toBe("СБП")
    expect(map["pp_platega-subscription_platega"].icon.props).toMatchObject({ icon: "qr" })
    expect(map["pp_platega-sbp_shop2"]).toBe(map["pp_platega-sbp_shop2"])
    expect("pp_platega-method_3" in map).toBe(true)
    expect(map["pp_stripe_stripe"]).toBeUndefined()
  })
})
