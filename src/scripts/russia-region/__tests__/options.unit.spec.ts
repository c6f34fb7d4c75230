import { parseRussiaRegionArgs } from "../options"
import { rubAmount } from "../rub-prices"

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

describe("the Russia region script's ruble prices", () => {
  it("converts only when asked, with a rate and a rounding (whole rubles by default)", () => {
    expect(parseRussiaRegionArgs([]).rubPrices).toBeUndefined()
    expect(
      parseRussiaRegionArgs(["--rub-prices-from", "EUR", "--rub-rate", "97.35"]),
    ).toMatchObject({ rubPrices: { currency: "eur", rate: "97.35", rounding: "1" } })
    const from = { currency: "eur", rate: "97.35", rounding: "10" }
    expect(rubAmount("12.5", from)).toBe(1220)
    expect(rubAmount(19.99, from)).toBe(1950)
    expect(rubAmount("0.1", { ...from, rate: "3", rounding: "0.01" })).toBe(0.3)
    expect(rubAmount("1.005", { ...from, rate: "1", rounding: "0.01" })).toBe(1.01)
  })

  it.each([
    [["--rub-rate", "100"], /--rub-rate and --rub-rounding need --rub-prices-from/],
    [["--rub-prices-from", "eur"], /--rub-rate must be a positive number of rubles/],
    [["--rub-prices-from", "eur", "--rub-rate=-3"], /--rub-rate must be a positive number/],
    [["--rub-prices-from", "rub", "--rub-rate", "1"], /--rub-prices-from must not be rub/],
    [["--rub-prices-from", "euro", "--rub-rate", "1"], /--rub-prices-from must be a currency code/],
    [
      ["--rub-prices-from", "eur", "--rub-rate", "100", "--rub-rounding", "0"],
      /--rub-rounding must be a positive number/,
    ],
  ])("refuses %j naming the flag", (args, message) => {
    expect(() => parseRussiaRegionArgs(args)).toThrow(message)
  })
})
