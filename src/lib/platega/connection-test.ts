import { PlategaError } from "./errors"
import type { ConnectionCall, ConnectionStatus, TestConnectionResult } from "./types"

/**
 * PlategaClient.testConnection: the merchant read, then (when a payout key is configured and the
 * first read worked) the signed read. Each is one call without retries; `calls` has each call's
 * own outcome and time.
 */
export async function runConnectionTest(reads: {
  merchant: () => Promise<unknown>
  payoutKey?: () => Promise<unknown>
}): Promise<TestConnectionResult> {
  const started = Date.now()
  const main = await probe("merchant", "GET /balance/all", reads.merchant)
  const calls: ConnectionCall[] = [main]
  let payoutKey: TestConnectionResult["payoutKey"] = "not_configured"
  if (reads.payoutKey) {
    if (main.status !== "ok") {
      payoutKey = "skipped"
      calls.push({ call: "payout_key", endpoint: "GET /api/v1/cards", status: "skipped", ms: 0 })
    } else {
      const signed = await probe("payout_key", "GET /api/v1/cards", reads.payoutKey)
      payoutKey = signed.status as ConnectionStatus
      calls.push(signed)
    }
  }
  const { call: _c, endpoint: _e, ms: _m, status, ...failure } = main
  return {
    status: status as ConnectionStatus,
    ...failure,
    payoutKey,
    latencyMs: Date.now() - started,
    calls,
  }
}

/** One call of the check: "ok", "rejected" on 401/403, "unreachable" on any other failure. */
async function probe(
  call: ConnectionCall["call"],
  endpoint: string,
  run: () => Promise<unknown>,
): Promise<ConnectionCall> {
  const started = Date.now()
  try {
    await run()
    return { call, endpoint, status: "ok", ms: Date.now() - started }
  } catch (e) {
    if (!(e instanceof PlategaError)) throw e
    const rejected = e.kind === "http" && (e.httpStatus === 401 || e.httpStatus === 403)
    const status: ConnectionStatus = rejected ? "rejected" : "unreachable"
    return {
      call,
      endpoint,
      status,
      ms: Date.now() - started,
      message: e.message,
      ...(e.httpStatus !== undefined && { httpStatus: e.httpStatus }),
      ...(e.code !== undefined && { code: e.code }),
      ...(e.traceId !== undefined && { traceId: e.traceId }),
    }
  }
}
