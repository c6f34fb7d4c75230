import { parseCallbackBody } from "../route"

const paid = JSON.stringify({
  id: "0d4b7b2e-3c1f-4b8e-9a55-1f2e3d4c5b6a",
  amount: 2990.5,
  currency: "RUB",
  status: "CONFIRMED",
  paymentMethod: 2,
})

/** An object `levels` deep: {"a":{"a":…{}}}. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}{}${"}".repeat(levels)}`

describe("parseCallbackBody", () => {
  it("reads a transaction callback, and keeps the body as sent to be stored", () => {
    const { body, callback } = parseCallbackBody(paid)
    expect(callback).toMatchObject({
      kind: "transaction",
      id: "0d4b7b2e-3c1f-4b8e-9a55-1f2e3d4c5b6a",
      status: "CONFIRMED",
      amount: 2990.5,
    })
    expect(body).toEqual(JSON.parse(paid))
  })

  it("takes an empty body as the probe", () => {
    expect(parseCallbackBody("  ").callback).toEqual({ kind: "probe" })
  })

  it("refuses what is not JSON, and JSON nested deeper than 16 levels, saying which", () => {
    expect(() => parseCallbackBody("{not json")).toThrow(SyntaxError)
    expect(() => parseCallbackBody(nested(16))).not.toThrow("nested deeper")
    expect(() => parseCallbackBody(nested(17))).toThrow("nested deeper than 16 levels")
  })

  it("cleans what PostgreSQL would refuse before it is stored", () => {
    const { body } = parseCallbackBody(
      JSON.stringify({ ...JSON.parse(paid), currency: "RUB\u0000", note: "a\ud800b" }),
    )
    expect(body).toMatchObject({ currency: "RUB", note: "a\ufffdb" })
  })
})
