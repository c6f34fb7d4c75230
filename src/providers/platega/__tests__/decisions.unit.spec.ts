import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { sessionStatusFor } from "../core/decisions"
import { sameAmount, toDecimalString, toPlategaAmount } from "../../../lib/platega/money"
import { expiresAt } from "../core/session-data"

describe("Platega status → Medusa", () => {
  it.each([
    ["CONFIRMED", PaymentSessionStatus.CAPTURED],
    ["PENDING", PaymentSessionStatus.PENDING],
    ["CANCELED", PaymentSessionStatus.CANCELED],
    ["EXPIRED", PaymentSessionStatus.CANCELED],
    ["CHARGEBACKED", PaymentSessionStatus.CANCELED],
    ["SOMETHING_NEW", PaymentSessionStatus.PENDING],
  ])("%s → session %s", (status, session) => {
    expect(sessionStatusFor(status)).toBe(session)
  })
})

describe("money at the Platega boundary", () => {
  it("rounds half-up to kopecks without float drift", () => {
    expect(toPlategaAmount("2990.505", "rub")).toBe(2990.51)
    expect(toPlategaAmount(0.1 + 0.2, "RUB")).toBe(0.3)
    expect(toDecimalString(1490, "RUB")).toBe("1490.00")
  })

  it("compares the 16-decimal amounts Platega sends to the kopeck", () => {
    expect(sameAmount("2990.5000000000000000", "2990.50", "RUB")).toBe(true)
    expect(sameAmount(2990.49, "2990.50", "RUB")).toBe(false)
  })

  it("turns expiresIn into a deadline", () => {
    expect(expiresAt("00:30:00", Date.UTC(2026, 0, 1))).toBe("2026-01-01T00:30:00.000Z")
    expect(expiresAt("1.02:00:00", Date.UTC(2026, 0, 1))).toBe("2026-01-02T02:00:00.000Z")
    expect(expiresAt("soon")).toBeUndefined()
  })
})
