import { SandboxClock } from "../clock"
import { formatAmountDecimals, hasAtMostTwoDecimals, luhnValid, maskCard } from "../money"
import { addInterval, formatTimeSpan, zonedFormatter } from "../timefmt"
import { waitUntil } from "../../__tests__/helpers"

describe("SandboxClock", () => {
  it("runs due timers in time order when advanced", () => {
    const clock = new SandboxClock(1, 1_000_000)
    const order: string[] = []
    clock.schedule(clock.now() + 3000, () => order.push("c"))
    clock.schedule(clock.now() + 1000, () => order.push("a"))
    clock.schedule(clock.now() + 2000, () => order.push("b"))
    clock.advance(1500)
    expect(order).toEqual(["a"])
    clock.advance(10_000)
    expect(order).toEqual(["a", "b", "c"])
    clock.stop()
  })

  it("runs timers that handlers schedule inside the advanced window (catch-up)", () => {
    const clock = new SandboxClock(1, 0)
    const fired: number[] = []
    const tick = () => {
      fired.push(Math.round(clock.now() / 1000))
      if (fired.length < 100) clock.schedule(clock.now() + 1000, tick)
    }
    clock.schedule(1000, tick)
    clock.advance(5_500)
    expect(fired).toHaveLength(5)
    clock.stop()
  })

  it("cancels timers", () => {
    const clock = new SandboxClock(1, 0)
    let fired = false
    clock.schedule(10, () => (fired = true)).cancel()
    clock.advance(100)
    expect(fired).toBe(false)
    expect(clock.pending).toBe(0)
    clock.stop()
  })

  it("fires on its own in real time, faster with a time scale", async () => {
    const clock = new SandboxClock(1000, Date.now())
    let firedAt = 0
    const started = Date.now()
    clock.schedule(clock.now() + 60_000, () => (firedAt = Date.now())) // one sandbox minute = 60 ms
    await waitUntil(() => firedAt !== 0, { timeoutMs: 2000, what: "the scheduled timer" })
    expect(firedAt - started).toBeGreaterThanOrEqual(55)
    expect(firedAt - started).toBeLessThan(1000) // not the 60 s of an unscaled clock
    clock.stop()
  })

  it("keeps time continuous when the scale changes", () => {
    const clock = new SandboxClock(1, 5_000)
    const before = clock.now()
    clock.setTimeScale(1_000_000)
    expect(clock.now() - before).toBeLessThan(1_000_000 * 5)
    expect(() => clock.setTimeScale(0)).toThrow(/> 0/)
    expect(() => clock.advance(-1)).toThrow()
    clock.stop()
  })
})

describe("time and money helpers", () => {
  it("formats time spans like the service", () => {
    expect(formatTimeSpan(1800)).toBe("00:30:00")
    expect(formatTimeSpan(3661)).toBe("01:01:01")
    expect(formatTimeSpan(90_061)).toBe("1.01:01:01")
  })

  it("adds months keeping the day, clamped to the month end", () => {
    const jan31 = Date.UTC(2024, 0, 31, 10)
    expect(new Date(addInterval(jan31, "Month", 1)).toISOString()).toBe("2024-02-29T10:00:00.000Z")
    expect(new Date(addInterval(jan31, "Month", 2)).toISOString()).toBe("2024-03-31T10:00:00.000Z")
    expect(new Date(addInterval(Date.UTC(2024, 1, 29), "Year", 1)).toISOString()).toBe(
      "2025-02-28T00:00:00.000Z",
    )
    expect(addInterval(0, "Week", 2)).toBe(14 * 86_400_000)
  })

  it("formats in a zone", () => {
    expect(zonedFormatter("Europe/Moscow")(Date.UTC(2024, 11, 31, 21, 0, 0, 999))).toBe(
      "2025-01-01 00:00:00",
    )
  })

  it("checks amounts, cards and decimals", () => {
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true)
    expect(hasAtMostTwoDecimals(1.005)).toBe(false)
    expect(hasAtMostTwoDecimals(99_999_999.99)).toBe(true)
    expect(formatAmountDecimals(123456, 16)).toBe("1234.5600000000000000")
    expect(formatAmountDecimals(5, 16)).toBe("0.0500000000000000")
    expect(formatAmountDecimals(123456, 0)).toBe("1234.56")
    expect(luhnValid("4242424242424242")).toBe(true)
    expect(luhnValid("4242424242424241")).toBe(false)
    expect(maskCard("2200000000000000")).toBe("220000******0000")
  })
})
