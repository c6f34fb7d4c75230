/** Latency samples (ms) → the figures every benchmark reports. */
export interface Figures {
  /** operations per second over the measured wall time */
  perSecond: number
  p50Ms: number
  p99Ms: number
  count: number
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  // Nearest rank: the smallest sample with at least p% of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

export function figures(latenciesMs: readonly number[], wallMs: number): Figures {
  const sorted = [...latenciesMs].sort((a, b) => a - b)
  return {
    perSecond: round(latenciesMs.length / (wallMs / 1000), 2),
    p50Ms: round(percentile(sorted, 50), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    count: latenciesMs.length,
  }
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** Runs `op` `total` times with `concurrency` workers; latencies in ms, wall time in ms. */
export async function runLoad(
  total: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<{ latenciesMs: number[]; wallMs: number }> {
  const latenciesMs: number[] = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      const i = next++
      const t0 = performance.now()
      await op(i)
      latenciesMs.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker))
  return { latenciesMs, wallMs: performance.now() - started }
}
