import { countryPrefixOf, plategaStoreUrl, resolvePlategaUrl } from "../core/store-url.js"

const from = "https://shop.example/ru/checkout?step=review"

describe("addresses in the shopper's country", () => {
  it("keeps the country segment of the page paid from, on its origin", () => {
    expect(plategaStoreUrl("/checkout/platega", { from })).toBe(
      "https://shop.example/ru/checkout/platega",
    )
    expect(plategaStoreUrl("/checkout?step=payment", { from })).toBe(
      "https://shop.example/ru/checkout?step=payment",
    )
  })

  it("keeps a locale segment too, and adds nothing where the store has none", () => {
    const locale = "https://shop.example/en-us/checkout"
    expect(plategaStoreUrl("/checkout/platega", { from: locale })).toBe(
      "https://shop.example/en-us/checkout/platega",
    )
    expect(plategaStoreUrl("/checkout/platega", { from: "https://shop.example/checkout" })).toBe(
      "https://shop.example/checkout/platega",
    )
    expect(countryPrefixOf(new URL("https://shop.example/account/orders"))).toBe("")
  })

  it("does not add the country twice, and leaves an absolute address as it is", () => {
    expect(plategaStoreUrl("/ru/checkout/platega", { from })).toBe(
      "https://shop.example/ru/checkout/platega",
    )
    expect(plategaStoreUrl("https://pay.example/back", { from })).toBe("https://pay.example/back")
  })

  it("serves other routing schemes: a deeper prefix, or a locale in the query", () => {
    const deeper = "https://shop.example/store/kz/cart"
    const prefix = (page: URL) => page.pathname.split("/").slice(0, 3).join("/")
    expect(plategaStoreUrl("/checkout/platega", { from: deeper, prefix })).toBe(
      "https://shop.example/store/kz/checkout/platega",
    )
    const query = "https://shop.example/checkout?lang=ru&step=review"
    expect(plategaStoreUrl("/checkout/platega", { from: query, keepParams: ["lang"] })).toBe(
      "https://shop.example/checkout/platega?lang=ru",
    )
  })

  it("needs a page outside a browser, and reads a function only when asked", () => {
    expect(() => plategaStoreUrl("/checkout/platega")).toThrow(/pass `from` outside a browser/)
    const read = jest.fn(() => "https://shop.example/ru/checkout/platega")
    expect(resolvePlategaUrl("/x")).toBe("/x")
    expect(read).not.toHaveBeenCalled()
    expect(resolvePlategaUrl(read)).toBe("https://shop.example/ru/checkout/platega")
  })
})
