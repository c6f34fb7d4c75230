import { parseRussiaRegionArgs, refuseDroppedWords, wordsMedusaExecDrops } from "../options"
import { rubAmount } from "../rub-prices"

// `args` as `medusa exec <file> [args..]` hands them on: the words after the file, each a string
// (`name=value`), or a number where a bare word reads as one.
describe("the Russia region script's options", () => {
  it("defaults to a region named Russia with free standard delivery", () => {
    expect(parseRussiaRegionArgs([])).toEqual({
      regionName: "Russia",
      shippingOptionName: "Standard delivery",
      shippingPrice: 0,
    })
  })

  it("takes a name, a delivery name and a price in rubles, as name=value", () => {
    const args = ["region-name=Россия Москва", "shipping-name=Курьер", "shipping-price=349.5"]
    expect(parseRussiaRegionArgs(args)).toEqual({
      regionName: "Россия Москва",
      shippingOptionName: "Курьер",
      shippingPrice: 349.5,
    })
    // Everything after the first "=" is the value.
    expect(parseRussiaRegionArgs(["region-name=A=B"]).regionName).toBe("A=B")
  })

  it.each([
    [["shipping-price=-1"], /shipping-price must not be negative/],
    [["shipping-price=free"], /shipping-price must be a number of rubles/],
    [["shipping-price="], /shipping-price must be a number of rubles/],
    [["shipping-price=1e3"], /shipping-price must be a number of rubles/],
    [["region-name= "], /region-name must not be empty/],
    [["currency=eur"], /"currency=eur" is not an option of the script: write each as name=value/],
    [["--rub-rate"], /"--rub-rate" is not an option/],
    [["--rub-rate=100"], /"--rub-rate=100" is not an option/],
    [["rub-rate"], /"rub-rate" is not an option/],
    [["=eur"], /"=eur" is not an option/],
    [[100], /"100" is not an option/],
    [["region-name=A", "region-name=B"], /region-name is given twice/],
  ])("refuses %j naming the option, with the usage", (args, message) => {
    expect(() => parseRussiaRegionArgs(args)).toThrow(message)
    expect(() => parseRussiaRegionArgs(args)).toThrow(/shipping-price=<rubles>/)
  })
})

describe("the Russia region script's ruble prices", () => {
  it("converts only when asked, with a rate and a rounding (whole rubles by default)", () => {
    expect(parseRussiaRegionArgs([]).rubPrices).toBeUndefined()
    expect(parseRussiaRegionArgs(["rub-prices-from=EUR", "rub-rate=97.35"])).toMatchObject({
      rubPrices: { currency: "eur", rate: "97.35", rounding: "1" },
    })
    expect(
      parseRussiaRegionArgs(["rub-rounding=10", "rub-rate=97.35", "rub-prices-from=eur"]),
    ).toMatchObject({ rubPrices: { currency: "eur", rate: "97.35", rounding: "10" } })
    const from = { currency: "eur", rate: "97.35", rounding: "10" }
    expect(rubAmount("12.5", from)).toBe(1220)
    expect(rubAmount(19.99, from)).toBe(1950)
    expect(rubAmount("0.1", { ...from, rate: "3", rounding: "0.01" })).toBe(0.3)
    expect(rubAmount("1.005", { ...from, rate: "1", rounding: "0.01" })).toBe(1.01)
  })

  it.each([
    [["rub-rate=100"], /rub-rate and rub-rounding need rub-prices-from/],
    [["rub-rounding=10"], /rub-rate and rub-rounding need rub-prices-from/],
    [["rub-prices-from=eur"], /rub-rate must be a positive number of rubles/],
    [["rub-prices-from=eur", "rub-rate=-3"], /rub-rate must be a positive number/],
    [["rub-prices-from=eur", "rub-rate="], /rub-rate must be a positive number/],
    [["rub-prices-from=rub", "rub-rate=1"], /rub-prices-from must not be rub/],
    [["rub-prices-from=euro", "rub-rate=1"], /rub-prices-from must be a currency code/],
    [
      ["rub-prices-from=eur", "rub-rate=100", "rub-rounding=0"],
      /rub-rounding must be a positive number/,
    ],
  ])("refuses %j naming the option", (args, message) => {
    expect(() => parseRussiaRegionArgs(args)).toThrow(message)
  })
})

describe("options medusa exec would drop", () => {
  const cli = ["/usr/bin/node", "/store/node_modules/.bin/medusa", "exec", "./script.js"]

  it("finds the words after --, which Medusa's CLI keeps from the script", () => {
    expect(wordsMedusaExecDrops(cli)).toEqual([])
    expect(wordsMedusaExecDrops([...cli, "rub-rate=1"])).toEqual([])
    expect(wordsMedusaExecDrops([...cli, "--", "--rub-prices-from", "eur"])).toEqual([
      "--rub-prices-from",
      "eur",
    ])
  })

  it("refuses a run whose options would be ignored, instead of running without them", () => {
    expect(() => refuseDroppedWords([...cli, "shipping-price=10"])).not.toThrow()
    expect(() => refuseDroppedWords([...cli, "--", "rub-prices-from=eur", "rub-rate=97"])).toThrow(
      /passes nothing after "--" to the script \(rub-prices-from=eur rub-rate=97 would be ignored\)/,
    )
  })
})
