import { parseCallbackBody } from "../route"

const paid = JSON.stringify({
  id: "0d4b7b2e-3c1f-4b8e-9a55-1f2e3d4c5b6a",
  amount: 2990.5,
  currency: "RUB",
  status: "CONFIRMED",
  paymentMethod: 2,
})

describe("parseCallbackBody", () => {
  it("reads a transaction callback; a repeat of the body reads the same", () => {
    const first = parseCallbackBody(paid)
    expect(first.callback).toMatchObject({ kind: "transaction", status: "CONFIRMED" })
    expect(parseCallbackBody(`${paid}`)).toEqual(first)
  })

  it("takes an empty body as the probe", () => {
    expect(parseCallbackBody("  ").callback).toEqual({ kind: "probe" })
  })

  it("refuses an invalid body every time it comes", () => {
    const bad = JSON.stringify({ id: "not-a-uuid", status: 7 })
    expect(() => parseCallbackBody(bad)).toThrow()
    expect(() => parseCallbackBody(bad)).toThrow()
    expect(() => parseCallbackBody("{not json")).toThrow()
  })

  it("cleans what PostgreSQL would refuse before it is stored", () => {
    const { body } = parseCallbackBody(
      JSON.stringify({ ...JSON.parse(paid), currency: "RUB\u0000", note: "a\ud800b" }),
    )
    expect(body).toMatchObject({ currency: "RUB", note: "a\ufffdb" })
  })
})
