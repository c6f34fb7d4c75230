import type { Browser } from "playwright-core"
import { launchChromium } from "./browser"
import { startDemo, type RunningDemo } from "./demo-process"

/**
 * Registers the usual beforeAll/afterAll of a browser spec (the demo, shared when the suite runs
 * one, and a Chromium) and hands both out once they are up.
 */
export function useDemoAndBrowser(chromiumPath: string): () => {
  demo: RunningDemo
  browser: Browser
} {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 12 * 60_000 })
    browser = await launchChromium(chromiumPath)
  })
  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })
  return () => ({ demo: demo!, browser: browser! })
}
