import type { IntervalUnit } from "../subscriptions/types"

// Time formatting without a date library.

/** seconds → "hh:mm:ss" (with a ".NET-style" "d." day prefix past 24 h) */
export function formatTimeSpan(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const days = Math.floor(s / 86_400)
  const pad = (n: number) => String(n).padStart(2, "0")
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
  return days > 0 ? `${days}.${hms}` : hms
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone })
    return true
  } catch {
    return false
  }
}

// Offsets only change on quarter-hour boundaries, so one Intl call per 15-minute bucket is enough;
// a million-row export then costs a few thousand Intl calls instead of a million.
const BUCKET_MS = 15 * 60 * 1000

/** A formatter ms → "yyyy-MM-dd HH:mm:ss" in an IANA zone. */
export function zonedFormatter(timeZone: string): (ms: number) => string {
  const dtf = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
  const offsets = new Map<number, number>()
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / BUCKET_MS)
    let offset = offsets.get(bucket)
    if (offset === undefined) {
      const probe = bucket * BUCKET_MS
      const parts: Record<string, number> = {}
      for (const p of dtf.formatToParts(probe)) {
        if (p.type !== "literal") parts[p.type] = Number(p.value)
      }
      const asUtc = Date.UTC(
        parts.year,
        parts.month - 1,
        parts.day,
        parts.hour,
        parts.minute,
        parts.second,
      )
      offset = asUtc - probe
      if (offsets.size > 100_000) offsets.clear()
      offsets.set(bucket, offset)
    }
    return offset
  }
  const pad = (n: number, w = 2) => String(n).padStart(w, "0")
  return (ms: number) => {
    const d = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms))
    return (
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    )
  }
}

/** start + n intervals; months and years keep the start's day of month, clamped to the month end */
export function addInterval(start: number, unit: IntervalUnit, n: number): number {
  switch (unit) {
    case "Day":
      return start + n * 86_400_000
    case "Week":
      return start + n * 7 * 86_400_000
    case "Month":
    case "Year": {
      const months = unit === "Month" ? n : 12 * n
      const d = new Date(start)
      const target = d.getUTCMonth() + months
      const year = d.getUTCFullYear() + Math.floor(target / 12)
      const month = ((target % 12) + 12) % 12
      const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
      return Date.UTC(
        year,
        month,
        Math.min(d.getUTCDate(), lastDay),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      )
    }
  }
}

export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

export function isoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : iso(ms)
}
