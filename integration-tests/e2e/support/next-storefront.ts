// The storefront kit's test storefront (integration-tests/storefront-kit): the kit built with tsc,
// the site with `next build`, then `next start` on a free port against a running demo's Medusa.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { freePort } from "../../helpers/net"
import { ROOT } from "./demo-process"

const SITE = path.join(ROOT, "integration-tests", "storefront-kit")
// The site is a workspace of its own (Next.js 15, React 19; the repository's admin keeps React 18):
// its own next, in its node_modules or, when npm hoisted it, in the repository's.
const NEXT = [SITE, ROOT]
  .map((dir) => path.join(dir, "node_modules", "next", "dist", "bin", "next"))
  .find((bin) => fs.existsSync(bin))!
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc")

export type RunningNextStorefront = { url: string; stop: () => Promise<void> }

export async function startNextStorefront(medusa: {
  storeUrl: string
  publishableKey: string
}): Promise<RunningNextStorefront> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" }
  // Never a stale build of the kit or the site.
  execFileSync(process.execPath, [TSC, "-p", "packages/platega-storefront/tsconfig.build.json"], {
    cwd: ROOT,
    stdio: "pipe",
  })
  fs.rmSync(path.join(SITE, ".next"), { recursive: true, force: true })
  execFileSync(process.execPath, [NEXT, "build"], { cwd: SITE, env, stdio: "pipe" })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [NEXT, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: SITE,
    env: {
      ...env,
      MEDUSA_BACKEND_URL: medusa.storeUrl,
      MEDUSA_PUBLISHABLE_KEY: medusa.publishableKey,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout?.on("data", (d) => (output += d))
  child.stderr?.on("data", (d) => (output += d))
  const until = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`)
    const up = await fetch(`${url}/ru/checkout/platega`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > until) {
      child.kill("SIGTERM")
      throw new Error(`next start did not answer within 60 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    },
  }
}
