import { PlategaSbpService } from "../services/sbp"
import { DEFAULT_BASE_URL, parsePlategaOptions } from "../../../modules/platega"

const valid = { merchantId: "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70", secret: "s3cret" }

describe("provider options", () => {
  it("fills the documented defaults", () => {
    expect(parsePlategaOptions(valid)).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      currencies: ["RUB"],
      timeoutMs: 15_000,
      description: "{store}: {order}, {plan}",
    })
  })

  it("treats empty strings from the environment as unset", () => {
    expect(parsePlategaOptions({ ...valid, baseUrl: "", returnUrl: "" })).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      returnUrl: undefined,
    })
  })

  it.each([
    [{ secret: "x" }, /`merchantId` is required/],
    [{ ...valid, merchantId: "merchant-1" }, /`merchantId` must be the merchant UUID/],
    [{ merchantId: valid.merchantId }, /`secret` is required/],
    [{ ...valid, baseUrl: "ftp://x" }, /`baseUrl` must be an http\(s\) URL/],
    [{ ...valid, returnUrl: "not a url" }, /`returnUrl` must be an http\(s\) URL/],
    [{ ...valid, timeoutMs: 5 }, /timeoutMs/],
    [{ ...valid, currencies: ["RUBLES"] }, /currencies/],
  ])("stops the boot naming the bad option: %j", (options, message) => {
    expect(() => PlategaSbpService.validateOptions(options)).toThrow(message)
  })

  it("never echoes the secret in its error", () => {
    expect(() => parsePlategaOptions({ secret: "top-secret-value", merchantId: "bad" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("top-secret-value") }),
    )
  })
})
