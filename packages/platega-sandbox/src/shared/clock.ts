// The sandbox's own clock. Sandbox time runs `timeScale` times faster than the wall clock and can
// be pushed forward (advance), so a month of subscription charges can pass in seconds. Everything
// time-driven (expiry batch, bind deadline, charges, callback retries) is scheduled here, on sandbox
// time, so advancing the clock fires exactly what would have fired in between.

export interface TimerHandle {
  cancel(): void
}

interface Entry {
  at: number
  seq: number
  fn: () => void
  cancelled: boolean
}

// Node clamps longer delays to 1 ms, which would spin: re-arm instead.
const MAX_DELAY = 2_147_483_647
// A guard against a handler that keeps scheduling itself in the past.
const MAX_RUNS_PER_PASS = 1_000_000

export class SandboxClock {
  private realBase = Date.now()
  private virtualBase: number
  private scale: number
  private readonly heap: Entry[] = []
  private seq = 0
  private timer: NodeJS.Timeout | undefined
  private running = false
  private stopped = false
  private readonly onError: (err: unknown) => void
  /** told after timers ran (persistence: their effects are worth keeping) */
  afterRun: () => void = () => {}

  constructor(timeScale = 1, start = Date.now(), onError: (err: unknown) => void = () => {}) {
    if (!(timeScale > 0)) throw new Error(`timeScale must be > 0, got ${timeScale}`)
    this.scale = timeScale
    this.virtualBase = start
    this.onError = onError
  }

  // While a timer runs, "now" is the time it was due: a catch-up after advance() gives each charge
  // or expiry its own due time, not the time the clock was pushed to.
  private current: number | null = null

  now(): number {
    return this.current ?? this.wallNow()
  }

  private wallNow(): number {
    return this.virtualBase + (Date.now() - this.realBase) * this.scale
  }

  get timeScale(): number {
    return this.scale
  }

  setTimeScale(timeScale: number): void {
    if (!(timeScale > 0)) throw new Error(`timeScale must be > 0, got ${timeScale}`)
    this.virtualBase = this.wallNow()
    this.realBase = Date.now()
    this.scale = timeScale
    this.arm()
  }

  /** Moves sandbox time forward and runs every timer that became due, in time order. */
  advance(ms: number): number {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new Error(`cannot advance the clock by ${ms} ms`)
    this.virtualBase += ms
    this.runDue()
    return this.now()
  }

  schedule(at: number, fn: () => void): TimerHandle {
    const entry: Entry = { at, seq: this.seq++, fn, cancelled: false }
    this.push(entry)
    if (this.heap[0] === entry) this.arm()
    return {
      cancel: () => {
        entry.cancelled = true
      },
    }
  }

  /** Timers waiting to fire (cancelled ones excluded). */
  get pending(): number {
    return this.heap.reduce((n, e) => (e.cancelled ? n : n + 1), 0)
  }

  /** Back to the wall clock at `timeScale` with no timers (reset): sandbox time may jump backwards. */
  resetTo(timeScale: number, start = Date.now()): void {
    if (!(timeScale > 0)) throw new Error(`timeScale must be > 0, got ${timeScale}`)
    this.clear()
    this.realBase = Date.now()
    this.virtualBase = start
    this.scale = timeScale
  }

  /** Drops every timer (reset). */
  clear(): void {
    this.heap.length = 0
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  stop(): void {
    this.stopped = true
    this.clear()
  }

  private runDue(): void {
    if (this.running) return
    this.running = true
    try {
      let runs = 0
      while (
        this.heap.length > 0 &&
        this.heap[0].at <= this.wallNow() &&
        runs < MAX_RUNS_PER_PASS
      ) {
        const entry = this.pop()!
        if (entry.cancelled) continue
        runs++
        this.current = Math.max(entry.at, this.current ?? -Infinity)
        try {
          entry.fn()
        } catch (err) {
          this.onError(err)
        }
      }
      if (runs > 0) this.afterRun()
    } finally {
      this.running = false
      this.current = null
    }
    this.arm()
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    while (this.heap.length > 0 && this.heap[0].cancelled) this.pop()
    if (this.stopped || this.heap.length === 0) return
    const delay = Math.min(
      MAX_DELAY,
      Math.max(0, Math.ceil((this.heap[0].at - this.wallNow()) / this.scale)),
    )
    this.timer = setTimeout(() => this.runDue(), delay)
    // Timers must never keep a test process (or a stopped CLI) alive.
    this.timer.unref()
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq)
  }

  private push(entry: Entry): void {
    const h = this.heap
    h.push(entry)
    let i = h.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.less(h[i], h[parent])) break
      ;[h[i], h[parent]] = [h[parent], h[i]]
      i = parent
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap
    if (h.length === 0) return undefined
    const top = h[0]
    const last = h.pop()!
    if (h.length > 0) {
      h[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < h.length && this.less(h[l], h[m])) m = l
        if (r < h.length && this.less(h[r], h[m])) m = r
        if (m === i) break
        ;[h[i], h[m]] = [h[m], h[i]]
        i = m
      }
    }
    return top
  }
}
