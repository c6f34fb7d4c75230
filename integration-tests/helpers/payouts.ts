import { randomUUID } from "node:crypto"
import type { AxiosInstance, AxiosResponse } from "axios"
import { faultDraw as draw } from "platega-sandbox"

export const PAYOUT_ROUTE = "POST /api/v1/payouts/card-rub"
/** The sandbox's saved cards (packages/platega-sandbox/README.md). */
export const CARDS = {
  mir: "c0a80101-0000-4000-8000-000000000001",
  visa: "c0a80101-0000-4000-8000-000000000002",
  disabled: "c0a80101-0000-4000-8000-000000000003",
  pending: "c0a80101-0000-4000-8000-000000000004",
}

/** Posts a payout request to the admin API; answers whatever status comes back. */
export function postPayout(
  api: AxiosInstance,
  auth: { headers: Record<string, string> },
  body: unknown,
  key: string | null = randomUUID(),
  extra: { timeout?: number } = {},
): Promise<AxiosResponse> {
  return api.post("/admin/platega/payouts", body, {
    headers: { ...auth.headers, ...(key === null ? {} : { "idempotency-key": key }) },
    validateStatus: () => true,
    ...extra,
  })
}

/**
 * A fault seed under which the n-th request to a route meets the wanted fate ("error" with a
 * given 5xx, or "ok") at rate `p`: the sandbox draws each decision from (seed, stream, n).
 */
export function faultSeed(
  stream: "error" | "lost",
  p: number,
  fates: ("fail" | "ok")[],
  status?: 500 | 502 | 503,
): number {
  for (let seed = 1; seed < 100_000; seed++) {
    const ok = fates.every(
      (fate, n) => draw(seed, `${stream} ${PAYOUT_ROUTE}`, n) < p === (fate === "fail"),
    )
    if (!ok) continue
    // The status of the first injected error is drawn from its own stream (500, 502, 503).
    if (
      status &&
      Math.floor(draw(seed, `error-status ${PAYOUT_ROUTE}`, 0) * 3) !==
        [500, 502, 503].indexOf(status)
    )
      continue
    return seed
  }
  throw new Error("no seed found")
}

/**
 * A seed under which the sandbox's n-th latency draw (one per Platega request, all routes) is
 * below `fast` ms (true) or above `slow` ms (false), with latencyMs {min: 0, max}.
 */
export function latencySeed(max: number, fast: number, slow: number, pattern: boolean[]): number {
  for (let seed = 1; seed < 1_000_000; seed++) {
    const ok = pattern.every((quick, n) => {
      const ms = draw(seed, "latency", n) * max
      return quick ? ms < fast : ms > slow
    })
    if (ok) return seed
  }
  throw new Error("no seed found")
}
