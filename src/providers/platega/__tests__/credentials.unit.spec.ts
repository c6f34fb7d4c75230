import { CredentialsResolver } from "../core/credentials"

const a = {
  merchantId: "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70",
  secret: "secret-a",
  baseUrl: "http://a",
}

describe("callback verification", () => {
  const resolver = new CredentialsResolver()
  resolver.registerOptions(a)

  it("accepts the merchant's own headers, any header case", async () => {
    expect(await resolver.verify({ "x-merchantid": a.merchantId, "x-secret": a.secret })).toEqual(a)
    expect(
      await resolver.verify({ "X-MerchantId": a.merchantId.toUpperCase(), "X-Secret": a.secret }),
    ).toEqual(a)
  })

  it.each([
    [{ "x-merchantid": a.merchantId, "x-secret": "secret-b" }],
    [{ "x-merchantid": a.merchantId, "x-secret": "secret-a " }],
    [{ "x-merchantid": "00000000-0000-0000-0000-000000000000", "x-secret": a.secret }],
    [{ "x-merchantid": a.merchantId }],
    [{}],
    [{ "x-merchantid": [a.merchantId], "x-secret": 42 }],
  ])("rejects %j", async (headers) => {
    expect(await resolver.verify(headers as Record<string, unknown>)).toBeUndefined()
  })

  it("prefers a settings source over the options", async () => {
    const r = new CredentialsResolver()
    r.registerOptions(a)
    const b = { ...a, secret: "from-settings" }
    r.setSource(async () => b)
    expect(await r.current()).toEqual(b)
    expect(await r.verify({ "x-merchantid": a.merchantId, "x-secret": "from-settings" })).toEqual(b)
  })
})
