// Each admin page of the installed package, opened in Chromium as the merchant would: the pages
// are read from the package's admin bundle (its routeModule), so a new page is covered without
// editing this file. A page fails on the dashboard's error boundary, an uncaught error, or a
// console error that comes from the plugin (its code or its API).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { PROBE_ID } from "./routes.mjs"

// The dashboard's error boundary and "no such page" texts (English admin).
const BOUNDARY_TEXTS = [
  "An error occurred",
  "An unexpected error occurred while rendering this page",
  "There is no page at this address",
  "The page you are looking for does not exist",
]

/** The system Chromium, CHROMIUM_PATH when set; undefined when there is none. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH)
    return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined
  const onPath = ["chromium", "chromium-browser", "google-chrome"].map((name) => {
    try {
      return execFileSync("which", [name], { encoding: "utf8" }).trim()
    } catch {
      return ""
    }
  })
  return ["/usr/bin/chromium", ...onPath].find((p) => p && fs.existsSync(p))
}

/** The paths of the admin pages in the package's bundle, e.g. /platega, /settings/platega. */
export function adminPages(packageDir) {
  const bundle = fs.readFileSync(
    path.join(packageDir, ".medusa", "server", "src", "admin", "index.mjs"),
    "utf8",
  )
  const start = bundle.indexOf("const routeModule")
  if (start < 0) throw new Error("the package's admin bundle has no routeModule")
  const block = bundle.slice(start, bundle.indexOf("};", start))
  return [...block.matchAll(/path:\s*"([^"]+)"/g)].map((m) => m[1])
}

const fromPlugin = (text, url) =>
  /platega/i.test(`${text} ${url}`) && !`${text} ${url}`.includes(PROBE_ID)

/**
 * Logs in and opens every page; throws listing each page that failed. Screenshots go to
 * shotsDir as install-<page>.png.
 */
export async function checkAdminPages({ chromium, root, base, email, password, pages, shotsDir }) {
  const { chromium: launcher } = await import(
    path.join(root, "node_modules", "playwright-core", "index.mjs")
  )
  const browser = await launcher.launch({
    executablePath: chromium,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
  })
  const lines = []
  const failures = []
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    let problems = []
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`))
    page.on("console", (m) => {
      if (m.type() === "error" && fromPlugin(m.text(), m.location().url))
        problems.push(`console: ${m.text()} (${m.location().url})`)
    })
    // The first visit compiles the dashboard (Vite): be patient.
    await page.goto(`${base}/app/login`, { timeout: 240_000 })
    await page.locator("input[name=email]").waitFor({ timeout: 240_000 })
    await page.locator("input[name=email]").fill(email)
    await page.locator("input[name=password]").fill(password)
    await page.locator("button[type=submit]").click()
    await page.waitForURL((u) => !u.pathname.endsWith("/login"), { timeout: 120_000 })
    fs.mkdirSync(shotsDir, { recursive: true })
    for (const route of pages) {
      problems = []
      const url = `${base}/app${route.replace(/:[a-z_]+/gi, PROBE_ID)}`
      const started = Date.now()
      await page.goto(url, { timeout: 120_000 })
      await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {})
      await page.waitForTimeout(500)
      const body = (await page.locator("body").innerText()).trim()
      const boundary = BOUNDARY_TEXTS.find((t) => body.includes(t))
      if (boundary) problems.push(`error boundary: "${boundary}"`)
      if (new URL(page.url()).pathname.endsWith("/login")) problems.push("sent back to the login")
      const name = route.replace(/[/:]+/g, "-").replace(/^-|-$/g, "")
      await page.screenshot({ path: path.join(shotsDir, `install-${name}.png`), fullPage: true })
      const line = `${route} (${((Date.now() - started) / 1000).toFixed(1)} s)`
      lines.push(problems.length ? `${line}: FAILED` : line)
      if (problems.length) failures.push(`${route}:\n    ${problems.join("\n    ")}`)
    }
  } finally {
    await browser.close()
  }
  if (failures.length) throw new Error(`admin pages that failed:\n  ${failures.join("\n  ")}`)
  return lines
}
