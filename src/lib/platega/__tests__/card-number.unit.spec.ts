import { cardFingerprint } from "../card-fingerprint"
import { isValidCardNumber, luhnValid, maskCardNumber, normalizeCardNumber } from "../card-number"

describe("typed card numbers", () => {
  it.each([
    "4242424242424242",
    "2200000000000004",
    "4000000000000002",
    "5555555555554444",
    "2200 7000 0000 0009",
    "4111-1111-1111-1111",
    "6011000990139424",
    "2200000000000000004", // 19 digits
  ])("accepts %s", (n) => {
    expect(isValidCardNumber(n)).toBe(true)
  })

  it.each([
    ["a wrong check digit", "4242424242424241"],
    ["too short", "424242424242"],
    ["20 digits", "42424242424242424242"],
    ["letters", "4242a24242424242"],
    ["empty", ""],
    ["a dot", "4242.424242424242"],
  ])("refuses %s", (_why, n) => {
    expect(isValidCardNumber(n)).toBe(false)
  })

  it("Luhn agrees with a reference computation on every single-digit change", () => {
    const base = "2200000000000004"
    for (let pos = 0; pos < base.length; pos++) {
      for (let d = 0; d <= 9; d++) {
        const n = base.slice(0, pos) + d + base.slice(pos + 1)
        expect(luhnValid(n)).toBe(n === base)
      }
    }
  })

  it("masks to the first 6 and the last 4 digits", () => {
    expect(maskCardNumber("2200 0000 0000 0004")).toBe("220000******0004")
    expect(maskCardNumber("2200000000000000004")).toBe("220000*********0004")
    expect(normalizeCardNumber(" 4242-4242 4242 4242 ")).toBe("4242424242424242")
  })

  it("fingerprints are keyed and ignore spacing", () => {
    const a = cardFingerprint("4242424242424242", "k1")
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(cardFingerprint("4242 4242 4242 4242", "k1")).toBe(a)
    expect(cardFingerprint("4242424242424242", "k2")).not.toBe(a)
    expect(cardFingerprint("4000000000000002", "k1")).not.toBe(a)
    expect(a).not.toContain("4242")
  })
})
