import { createContext, type SandboxContext } from "./context"
import type { SandboxControl } from "./control/types"
import { loadState, StateWriter } from "./persistence"
import { createControl } from "./control/api"
import {
  DEFAULT_HOST,
  DEFAULT_MERCHANT_ID,
  DEFAULT_PAYOUT_KEY,
  DEFAULT_SECRET,
} from "./shared/defaults"
import { randomSeed } from "./shared/rng"
import { buildServer } from "./server"
import type { RunningSandbox, SandboxOptions } from "./types"

// A faithful local simulator of the Platega API (see README.md). Independent of the plugin's client
// and of Medusa on purpose: two readings of the spec catch each other's mistakes.

export * from "./types"
export {
  DEFAULT_CLI_PORT,
  DEFAULT_HOST,
  DEFAULT_MERCHANT_ID,
  DEFAULT_PAYOUT_KEY,
  DEFAULT_SECRET,
  DOCS_URL,
} from "./shared/defaults"
export { DEFAULT_SETTINGS } from "./shared/settings"
export { TEST_CARDS } from "./payer/payment-pages"
export { SEED_CARDS } from "./cards-payouts/cards"
export { buildStringToSign, pgHmacHeader, signPgHmac } from "./shared/hmac"
/** The seeded draw behind fault injection, for tests that pick seeds with a known outcome. */
export { draw as faultDraw } from "./shared/rng"

function validateOptions(o: SandboxOptions): void {
  const problems: string[] = []
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port <= 65535)) {
    problems.push(`port must be an integer 0..65535, got ${o.port}`)
  }
  if (o.timeScale !== undefined && !(o.timeScale > 0 && Number.isFinite(o.timeScale))) {
    problems.push(`timeScale must be > 0, got ${o.timeScale}`)
  }
  if (o.seed !== undefined && !Number.isInteger(o.seed))
    problems.push(`seed must be an integer, got ${o.seed}`)
  if (o.callbackRetryIntervalMs !== undefined && !(o.callbackRetryIntervalMs >= 0)) {
    problems.push(`callbackRetryIntervalMs must be >= 0, got ${o.callbackRetryIntervalMs}`)
  }
  if (o.callbackTimeoutMs !== undefined && !(o.callbackTimeoutMs > 0)) {
    problems.push(`callbackTimeoutMs must be > 0, got ${o.callbackTimeoutMs}`)
  }
  for (const [name, value] of [
    ["callbackUrl", o.callbackUrl],
    ["publicUrl", o.publicUrl],
  ] as const) {
    if (value === undefined) continue
    try {
      const u = new URL(value)
      if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error()
    } catch {
      problems.push(`${name} must be an http(s) URL, got ${value}`)
    }
  }
  if (o.dataDir !== undefined && (typeof o.dataDir !== "string" || o.dataDir.trim() === "")) {
    problems.push("dataDir must be a directory path")
  }
  for (const name of ["merchantId", "secret", "payoutKey"] as const) {
    if (o[name] !== undefined && o[name] === "") problems.push(`${name} must not be empty`)
  }
  if (problems.length > 0) throw new Error(`invalid sandbox options: ${problems.join("; ")}`)
}

/** The control API, telling the context after each call that state may have changed. */
function persistingControl(control: SandboxControl, ctx: SandboxContext): SandboxControl {
  const wrapped = {} as Record<string, unknown>
  for (const [name, fn] of Object.entries(control) as [string, (...a: unknown[]) => unknown][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await fn(...args)
      } finally {
        ctx.changed()
      }
    }
  }
  return wrapped as unknown as SandboxControl
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  validateOptions(options)
  const ctx = createContext({
    merchantId: (options.merchantId ?? DEFAULT_MERCHANT_ID).toLowerCase(),
    secret: options.secret ?? DEFAULT_SECRET,
    payoutKey: options.payoutKey ?? DEFAULT_PAYOUT_KEY,
    seed: (options.seed ?? randomSeed()) >>> 0,
    seeded: options.seed !== undefined,
    timeScale: options.timeScale ?? 1,
    callbackUrl: options.callbackUrl ?? null,
    callbackRetryIntervalMs: options.callbackRetryIntervalMs ?? 300_000,
    callbackTimeoutMs: options.callbackTimeoutMs ?? 60_000,
    quiet: options.quiet ?? false,
  })
  const control = persistingControl(createControl(ctx), ctx)
  let writer: StateWriter | undefined
  if (options.dataDir) {
    loadState(ctx, options.dataDir, { keepCallbackUrl: options.callbackUrl !== undefined })
    writer = new StateWriter(ctx, options.dataDir)
    const w = writer
    ctx.changed = () => w.schedule()
    ctx.clock.afterRun = ctx.changed
    ctx.callbacks.onChange = ctx.changed
  }
  const app = await buildServer(ctx, control)
  const host = options.host ?? DEFAULT_HOST
  try {
    await app.listen({ port: options.port ?? 0, host })
  } catch (err) {
    ctx.clock.stop()
    throw err
  }
  const address = app.server.address()
  const port = typeof address === "object" && address ? address.port : options.port
  // A wildcard address is not a place to send anyone: answer with the loopback of its family.
  const urlHost =
    host === "0.0.0.0"
      ? "127.0.0.1"
      : host === "::"
        ? "[::1]"
        : host.includes(":")
          ? `[${host}]`
          : host
  const url = `http://${urlHost}:${port}`
  ctx.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "")

  let stopped: Promise<void> | undefined
  return {
    url,
    merchantId: ctx.merchantId,
    secret: ctx.secret,
    payoutKey: ctx.payoutKey,
    control,
    stop() {
      stopped ??= (async () => {
        ctx.clock.stop()
        // Callbacks in flight are saved as still to be sent, before they are aborted.
        ctx.changed()
        await writer?.flush()
        ctx.callbacks.reset()
        ctx.files.clear()
        await app.close()
      })()
      return stopped
    },
  }
}
