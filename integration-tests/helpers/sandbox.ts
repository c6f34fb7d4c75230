import { startSandbox, type RunningSandbox, type SandboxOptions } from "platega-sandbox"

/**
 * Starts the Platega sandbox before Medusa boots and points the store at it. Call at the top of a
 * spec, before medusaIntegrationTestRunner: its beforeAll must run first, since medusa-config.ts
 * reads PLATEGA_* when the app loads.
 */
export function useSandbox(options: SandboxOptions = {}): () => RunningSandbox {
  let sandbox: RunningSandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, callbackRetryIntervalMs: 100, quiet: true, ...options })
    Object.assign(process.env, {
      PLATEGA_BASE_URL: sandbox.url,
      PLATEGA_MERCHANT_ID: sandbox.merchantId,
      PLATEGA_SECRET: sandbox.secret,
      PLATEGA_PAYOUT_KEY: sandbox.payoutKey,
      PLATEGA_RETURN_URL: "http://localhost:8000/return",
    })
  })
  afterAll(async () => {
    await sandbox?.stop()
  })
  return () => {
    if (!sandbox) throw new Error("the sandbox is not running yet")
    return sandbox
  }
}

/** Where the sandbox must send callbacks: this test's Medusa server. */
export function callbackUrl(api: { defaults: { baseURL?: string } }): string {
  return `${api.defaults.baseURL}/hooks/platega`
}

/**
 * Every callback the sandbox will still send has been answered. Its retries wait on sandbox time:
 * each round moves the clock one retry interval on (what is queued fires at once) and waits for
 * the attempts in flight, as many rounds as a callback has retries.
 */
export async function callbacksDelivered(sandbox: RunningSandbox, timeoutMs = 30_000) {
  const { callbackRetryIntervalMs, callbackMaxRetries } = await sandbox.control.settings()
  await sandbox.control.waitForCallbacks(timeoutMs)
  for (let round = 0; round < callbackMaxRetries; round++) {
    await sandbox.control.advanceClock(callbackRetryIntervalMs)
    await sandbox.control.waitForCallbacks(timeoutMs)
  }
}
