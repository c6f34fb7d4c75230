import {
  describePlan,
  planSchema,
  PLATEGA_SUBSCRIPTION_ACTIVATED,
  PLATEGA_SUBSCRIPTION_FAILED,
  recordStatus,
  sessionIdInDescription,
  statusEvent,
  successfulCharges,
} from ".."

describe("plans", () => {
  it.each([
    ["day", 31],
    ["week", 4],
    ["month", 12],
    ["year", 3],
  ])("%s: 1..%d, as Platega allows", (interval, max) => {
    expect(planSchema.safeParse({ interval, interval_count: 1 }).success).toBe(true)
    expect(planSchema.safeParse({ interval, interval_count: max }).success).toBe(true)
    const over = planSchema.safeParse({ interval, interval_count: max + 1 })
    expect(over.success).toBe(false)
    expect(over.error?.issues[0]).toMatchObject({
      path: ["interval_count"],
      message: `Platega allows at most ${max} for interval "${interval}"`,
    })
    expect(planSchema.safeParse({ interval, interval_count: 0 }).success).toBe(false)
    expect(planSchema.safeParse({ interval, interval_count: 1.5 }).success).toBe(false)
  })

  it("refuses unknown units and extra fields", () => {
    expect(planSchema.safeParse({ interval: "hour", interval_count: 1 }).success).toBe(false)
    expect(planSchema.safeParse({ interval: "day", interval_count: 1, price: 1 }).success).toBe(
      false,
    )
  })

  it("reads as a schedule", () => {
    expect(describePlan({ interval: "month", interval_count: 1 })).toBe("every 1 month")
    expect(describePlan({ interval: "week", interval_count: 2 })).toBe("every 2 weeks")
  })
})

describe("statuses", () => {
  it("keeps the text form, and unknown values raw", () => {
    expect(recordStatus("active")).toBe("Active")
    expect(recordStatus(2)).toBe("PastDue")
    expect(recordStatus("Paused")).toBe("Paused")
    expect(recordStatus(17)).toBe("17")
  })

  it("announces a change once, and nothing for no change or an unknown status", () => {
    expect(statusEvent("PendingAgreement", "Active")).toBe(PLATEGA_SUBSCRIPTION_ACTIVATED)
    expect(statusEvent("PendingAgreement", "Failed")).toBe(PLATEGA_SUBSCRIPTION_FAILED)
    expect(statusEvent("Active", "Active")).toBeUndefined()
    expect(statusEvent("Active", "Paused")).toBeUndefined()
  })

  it("counts successful charges from chargeMetrics, else from an Active subscription that charged", () => {
    expect(successfulCharges({ status: "PastDue", chargeMetrics: { chargesSuccess: 3 } })).toBe(3)
    expect(successfulCharges({ status: "Active", lastChargeAt: "2026-01-01T00:00:00Z" })).toBe(1)
    expect(successfulCharges({ status: "PastDue", lastChargeAt: "2026-01-01T00:00:00Z" })).toBe(0)
    expect(successfulCharges({ status: "PendingAgreement" })).toBe(0)
  })
})

describe("the session id in an older subscription's description", () => {
  const id = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"
  it("is found again", () => {
    expect(sessionIdInDescription(`Coffee club ${id}`)).toBe(id)
    expect(sessionIdInDescription("Coffee club")).toBeUndefined()
    expect(sessionIdInDescription(null)).toBeUndefined()
  })
})
