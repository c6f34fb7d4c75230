import { tickOf } from "../run-locked"

const at = (iso: string) => new Date(iso)

describe("tickOf", () => {
  const everyTwoSeconds = "*/2 * * * * *"

  it("is the tick itself for a run started on it or a little after", () => {
    expect(tickOf(everyTwoSeconds, at("2026-01-01T10:00:02.000Z")).toISOString()).toBe(
      "2026-01-01T10:00:02.000Z",
    )
    expect(tickOf(everyTwoSeconds, at("2026-01-01T10:00:03.700Z")).toISOString()).toBe(
      "2026-01-01T10:00:02.000Z",
    )
  })

  it("allows a timer that fires a few milliseconds early", () => {
    expect(tickOf(everyTwoSeconds, at("2026-01-01T10:00:01.900Z")).toISOString()).toBe(
      "2026-01-01T10:00:02.000Z",
    )
  })

  it("gives two instances firing one tick the same tick, and the next tick a different one", () => {
    const a = tickOf("*/5 * * * *", at("2026-01-01T10:05:00.004Z"))
    const b = tickOf("*/5 * * * *", at("2026-01-01T10:05:01.250Z"))
    const next = tickOf("*/5 * * * *", at("2026-01-01T10:10:00.010Z"))
    expect(a.toISOString()).toBe("2026-01-01T10:05:00.000Z")
    expect(b).toEqual(a)
    expect(next.toISOString()).toBe("2026-01-01T10:10:00.000Z")
  })
})
