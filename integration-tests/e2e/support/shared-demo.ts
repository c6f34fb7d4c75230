// One demo for the whole browser suite: booting a demo (migrations, seed, admin build) costs two to
// three minutes, far more than any spec's own work. Jest's globalSetup starts it once and hands its
// addresses to the specs through a file; each spec gets it from startDemo() unless it asks for a
// demo of its own. Specs sharing it must leave it as they found it (settings, credentials).
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { findChromium } from "./browser"
import { startDemo, type RunningDemo } from "./demo-process"

/** Where the shared demo's addresses are written for the specs. */
export const SHARED_DEMO_FILE = "PLATEGA_E2E_SHARED_DEMO"

export type SharedDemoAddresses = Omit<RunningDemo, "output" | "stop">

type Holder = { __plategaSharedDemo?: RunningDemo }

export async function startSharedDemo(): Promise<void> {
  // Without a browser every spec is skipped: nothing to share.
  if (!findChromium()) return
  const demo = await startDemo({ timeoutMs: 20 * 60_000, own: true })
  ;(globalThis as Holder).__plategaSharedDemo = demo
  const file = path.join(os.tmpdir(), `platega-e2e-demo-${process.pid}.json`)
  const addresses: SharedDemoAddresses = {
    storefrontUrl: demo.storefrontUrl,
    storeUrl: demo.storeUrl,
    adminUrl: demo.adminUrl,
    sandboxUrl: demo.sandboxUrl,
    dataDir: demo.dataDir,
  }
  fs.writeFileSync(file, JSON.stringify(addresses))
  process.env[SHARED_DEMO_FILE] = file
}

export async function stopSharedDemo(): Promise<void> {
  const holder = globalThis as Holder
  await holder.__plategaSharedDemo?.stop()
  holder.__plategaSharedDemo = undefined
  const file = process.env[SHARED_DEMO_FILE]
  if (file) fs.rmSync(file, { force: true })
}

/** The shared demo, when the suite runs under the global setup; undefined otherwise. */
export function sharedDemo(): RunningDemo | undefined {
  const file = process.env[SHARED_DEMO_FILE]
  if (!file || !fs.existsSync(file)) return undefined
  const addresses = JSON.parse(fs.readFileSync(file, "utf8")) as SharedDemoAddresses
  const log = path.join(addresses.dataDir, "logs", "medusa.log")
  return {
    ...addresses,
    output: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""),
    // The global teardown stops it, after the last spec.
    stop: async () => undefined,
  }
}
