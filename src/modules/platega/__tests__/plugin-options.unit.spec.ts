import { parsePlategaModuleOptions } from "../plugin-options"

describe("the module's options", () => {
  it("every group has its defaults when the store gives none", () => {
    expect(parsePlategaModuleOptions(undefined)).toEqual({
      reconcile: {
        minAgeMinutes: 10,
        maxAgeHours: 48,
        concurrency: 4,
        batchSize: 500,
        maxAttempts: 10,
      },
      unauthenticatedCallbacks: {
        perMinute: 60,
        perIdPerMinute: 1,
        perClientPerMinute: 20,
        perKnownSubscriptionPerMinute: 3,
      },
      callbackRetention: { authenticatedDays: 90, unauthenticatedDays: 30, batchSize: 1000 },
      paymentStarts: { perCart: 20, perClient: 100, windowMinutes: 10 },
    })
  })

  it("a group given in part keeps the defaults of the rest, and reads numbers from strings", () => {
    const options = parsePlategaModuleOptions({
      paymentStarts: { perCart: "5" },
      reconcile: { concurrency: 8 },
    })
    expect(options.paymentStarts).toEqual({ perCart: 5, perClient: 100, windowMinutes: 10 })
    expect(options.reconcile).toMatchObject({ concurrency: 8, minAgeMinutes: 10, batchSize: 500 })
  })

  it("a bad value is named with its path, and nothing is taken", () => {
    expect(() => parsePlategaModuleOptions({ paymentStarts: { windowMinutes: 11 } })).toThrow(
      /`paymentStarts\.windowMinutes`/,
    )
    expect(() => parsePlategaModuleOptions({ callbackRetention: { batchSize: 0 } })).toThrow(
      /`callbackRetention\.batchSize`/,
    )
  })
})
