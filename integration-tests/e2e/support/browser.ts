// The system Chromium (browser downloads are not available everywhere; CI installs the Debian
// package). CHROMIUM_PATH names another binary; when it does not exist, the browser test is skipped.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { ROOT } from "./demo-process"

export function findChromium(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH
  if (chosen) return fs.existsSync(chosen) ? chosen : undefined
  const candidates = ["/usr/bin/chromium"]
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      candidates.push(execFileSync("which", [name], { encoding: "utf8" }).trim())
    } catch {
      // not on PATH
    }
  }
  return candidates.find((c) => c && fs.existsSync(c))
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}

const SHOTS = path.join(ROOT, "test-results", "screenshots")

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

/** "1 490 ₽" → "1490₽": Intl puts (narrow) no-break spaces between digit groups. */
export const compact = (text: string | null): string => (text ?? "").replace(/\s/g, "")

/** Resolves when the page's finite animations and transitions (a drawer's slide-in) have ended. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  )
}

/**
 * Resolves once the page's visible text reads the same twice, `intervalMs` apart: what a late
 * response or a translation loaded after the first paint changes has changed (`timeoutMs` at most).
 */
export async function textSettled(page: Page, { intervalMs = 250, timeoutMs = 10_000 } = {}) {
  await page
    .waitForFunction(
      () => {
        const seen = window as unknown as { __lastText?: string }
        const text = document.body.innerText
        const same = seen.__lastText === text
        seen.__lastText = text
        return same
      },
      undefined,
      { polling: intervalMs, timeout: timeoutMs },
    )
    .catch(() => undefined)
}
