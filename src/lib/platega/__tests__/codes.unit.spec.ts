import {
  EXPORT_STATUS_CODES,
  classifyTransactionStatus,
  describeSubscriptionStatus,
  exportStatusCode,
  intervalUnit,
  isFinalStatus,
  isKnownCardStatus,
  isKnownTransactionStatus,
  isValidIntervalCount,
  paymentMethodCode,
  paymentMethodName,
  subscriptionStatusFromCallback,
  subscriptionStatusFromCode,
} from "../codes"

describe("code tables", () => {
  it("payment methods: code ↔ name", () => {
    expect(paymentMethodName(2)).toBe("SBPQR")
    expect(paymentMethodName(6)).toBe("Subscription")
    expect(paymentMethodName(99)).toBeUndefined()
    expect(paymentMethodCode("SBPQR")).toBe(2)
    expect(paymentMethodCode("sbpqr")).toBe(2)
    expect(paymentMethodCode("Subscription")).toBe(6)
    expect(paymentMethodCode("11")).toBe(11)
    expect(paymentMethodCode(14)).toBe(14)
    expect(paymentMethodCode("Teleport")).toBeUndefined()
    expect([3, 11, 12, 13, 14].map(paymentMethodName).every(Boolean)).toBe(true)
  })

  it("transaction statuses: final and outcome; unknown is not final", () => {
    expect(
      ["CONFIRMED", "CANCELED", "CHARGEBACKED", "EXPIRED", "FAILED", "REFUNDED"].map(isFinalStatus),
    ).toEqual([true, true, true, true, true, true])
    expect(["PENDING", "CREATED", "INPROGRESS", "BRAND_NEW", ""].map(isFinalStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(classifyTransactionStatus("CONFIRMED")).toBe("confirmed")
    expect(classifyTransactionStatus("confirmed")).toBe("confirmed")
    expect(classifyTransactionStatus("CHARGEBACKED")).toBe("reversed")
    expect(classifyTransactionStatus("EXPIRED")).toBe("canceled")
    expect(classifyTransactionStatus("INPROGRESS")).toBe("pending")
    expect(classifyTransactionStatus("BRAND_NEW")).toBe("unknown")
    expect(classifyTransactionStatus("toString")).toBe("unknown")
    expect(isKnownTransactionStatus("REFUNDED")).toBe(true)
    expect(isKnownTransactionStatus("constructor")).toBe(false)
  })

  it("export status codes", () => {
    expect(EXPORT_STATUS_CODES).toEqual({ PENDING: 1, CANCELED: 6, CONFIRMED: 7, CHARGEBACKED: 9 })
    expect(exportStatusCode("confirmed")).toBe(7)
    expect(exportStatusCode(9)).toBe(9)
    expect(exportStatusCode("6")).toBe(6)
    expect(exportStatusCode("PAID")).toBeUndefined()
  })

  it("interval units and count bounds", () => {
    expect(intervalUnit(1)).toEqual({ name: "Day", code: 1, maxCount: 31 })
    expect(intervalUnit("2")?.name).toBe("Week")
    expect(intervalUnit("month")?.code).toBe(3)
    expect(intervalUnit("Year")?.maxCount).toBe(3)
    expect(intervalUnit(0)).toBeUndefined()
    expect(isValidIntervalCount("Day", 31)).toBe(true)
    expect(isValidIntervalCount("Day", 32)).toBe(false)
    expect(isValidIntervalCount(2, 4)).toBe(true)
    expect(isValidIntervalCount(2, 5)).toBe(false)
    expect(isValidIntervalCount(3, 12)).toBe(true)
    expect(isValidIntervalCount(4, 4)).toBe(false)
    expect(isValidIntervalCount(3, 0)).toBe(false)
    expect(isValidIntervalCount(3, 1.5)).toBe(false)
  })

  it("subscription statuses: text, guessed integers, raw code when unknown", () => {
    expect([0, 1, 2, 3, 4].map(subscriptionStatusFromCode)).toEqual([
      "PendingAgreement",
      "Active",
      "PastDue",
      "Cancelled",
      "Failed",
    ])
    expect(subscriptionStatusFromCode(17)).toBe(17)
    expect(describeSubscriptionStatus(1)).toEqual({ text: "Active", raw: 1, guessed: true })
    expect(describeSubscriptionStatus("pastdue")).toEqual({
      text: "PastDue",
      raw: "pastdue",
      guessed: false,
    })
    expect(describeSubscriptionStatus(9)).toEqual({ text: undefined, raw: 9, guessed: false })
    expect(describeSubscriptionStatus("Paused")).toEqual({
      text: undefined,
      raw: "Paused",
      guessed: false,
    })
  })

  it("subscription callback statuses and card statuses", () => {
    expect(subscriptionStatusFromCallback("SUBSCRIPTION_ACTIVATED")).toBe("Active")
    expect(subscriptionStatusFromCallback("SUBSCRIPTION_PAST_DUE")).toBe("PastDue")
    expect(subscriptionStatusFromCallback("SUBSCRIPTION_CANCELLED")).toBe("Cancelled")
    expect(subscriptionStatusFromCallback("SUBSCRIPTION_FAILED")).toBe("Failed")
    expect(subscriptionStatusFromCallback("SUBSCRIPTION_PAUSED")).toBeUndefined()
    expect(["ACTIVE", "DISABLED", "PENDING", "FROZEN"].map(isKnownCardStatus)).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})
