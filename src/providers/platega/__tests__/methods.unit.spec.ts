import { methodTitlesFromConfig } from "../method-titles"
import { PlategaMethodService } from "../services/method"

const platega = { merchantId: "11111111-2222-4333-8444-555555555555", secret: "s" }

describe("methods named by the options", () => {
  it("refuses a method provider without a usable code or title, naming the option", () => {
    expect(() => PlategaMethodService.validateOptions({ ...platega, title: "ЕРИП" })).toThrow(
      /`method` must be a Platega payment method code/,
    )
    expect(() =>
      PlategaMethodService.validateOptions({ ...platega, method: 6, title: "Подписка" }),
    ).toThrow(/`method` 6 is the subscription provider's/)
    expect(() => PlategaMethodService.validateOptions({ ...platega, method: 3 })).toThrow(
      /`title` is required/,
    )
    expect(() =>
      PlategaMethodService.validateOptions({ ...platega, method: "13", title: "Крипто" }),
    ).not.toThrow()
  })

  it("lists every Platega provider of the configuration with its code and title", () => {
    const config = {
      modules: {
        payment: {
          options: {
            providers: [
              { resolve: "medusa-payment-platega/providers/platega", id: "platega", options: {} },
              {
                resolve: "medusa-payment-platega/providers/platega-method",
                id: "erip",
                options: { method: 3, title: "ЕРИП" },
              },
              { resolve: "@medusajs/payment-stripe", id: "stripe", options: {} },
            ],
          },
        },
      },
    }
    const titles = methodTitlesFromConfig(config)
    expect(titles.map((t) => t.provider_id)).toEqual([
      "pp_platega-sbp_platega",
      "pp_platega-card_platega",
      "pp_platega-sberpay_platega",
      "pp_platega-international-card_platega",
      "pp_platega-subscription_platega",
      "pp_platega-method_erip",
    ])
    expect(titles.at(-1)).toEqual({
      provider_id: "pp_platega-method_erip",
      method: 3,
      title: "ЕРИП",
    })
  })
})
