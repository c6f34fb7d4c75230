import { parseRussiaRegionArgs } from "../options"

describe("the Russia region script's flags", () => {
  it("defaults to a region named Russia with free standard delivery", () => {
    expect(parseRussiaRegionArgs([])).toEqual({
      regionName: "Russia",
      shippingOptionName: "Standard delivery",
      shippingPrice: 0,
    })
  })

  it("takes a name, a delivery name and a price in rubles", () => {
    const args = [
      "--region-name",
      "Россия",
      "--shipping-name",
      "Курьер",
      "--shipping-price",
      "349.5",
    ]
    expect(parseRussiaRegionArgs(args)).toEqual({
      regionName: "Россия",
      shippingOptionName: "Курьер",
      shippingPrice: 349.5,
    })
  })

  it.each([
    [["--shipping-price=-1"], /--shipping-price must not be negative/],
    [["--shipping-price", "free"], /--shipping-price must be a number of rubles/],
    [["--region-name", " "], /--region-name must not be empty/],
    [["--currency", "eur"], /Unknown option '--currency'/],
    [["extra"], /Unexpected argument 'extra'/],
  ])("refuses %j naming the flag, with the usage", (args, message) => {
    expect(() => parseRussiaRegionArgs(args)).toThrow(message)
    expect(() => parseRussiaRegionArgs(args)).toThrow(/--shipping-price <rubles>/)
  })
})
