/** Period presets in the admin's own time: whole days, from the first day's start to the last one's end. */

export type Preset = "today" | "week" | "month"

/** "yyyy-mm-dd" of a local date (what <input type="date"> holds). */
function dayString(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function presetDays(preset: Preset, now = new Date()): { from: string; to: string } {
  const to = dayString(now)
  if (preset === "today") return { from: to, to }
  if (preset === "week") {
    const start = new Date(now)
    start.setDate(start.getDate() - 6)
    return { from: dayString(start), to }
  }
  return { from: dayString(new Date(now.getFullYear(), now.getMonth(), 1)), to }
}

/** Local days → ISO instants: the first day's 00:00:00.000 and the last day's 23:59:59.999. */
export function periodInstants(from: string, to: string): { from: string; to: string } {
  const [fy, fm, fd] = from.split("-").map(Number)
  const [ty, tm, td] = to.split("-").map(Number)
  return {
    from: new Date(fy, fm - 1, fd, 0, 0, 0, 0).toISOString(),
    to: new Date(ty, tm - 1, td, 23, 59, 59, 999).toISOString(),
  }
}
