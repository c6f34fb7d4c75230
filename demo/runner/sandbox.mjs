// The Platega sandbox of the demo: the workspace package `platega-sandbox`, run through its bin.
// Its build (dist/) comes from `npm ci`; after a change to its sources it is rebuilt here, so the
// demo never runs a stale sandbox.
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { ROOT } from "./config.mjs"

const require = createRequire(path.join(ROOT, "package.json"))

export function sandboxPackageDir() {
  return path.dirname(require.resolve("platega-sandbox/package.json"))
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "__tests__") continue
    const full = path.join(dir, entry.name)
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs
    if (t > newest) newest = t
  }
  return newest
}

/** "fresh" when dist/ is newer than every source file, otherwise "stale" or "missing". */
export function sandboxBuildState(dir = sandboxPackageDir()) {
  const cli = path.join(dir, "dist", "cli.js")
  if (!fs.existsSync(cli)) return "missing"
  return fs.statSync(cli).mtimeMs >= newestMtime(path.join(dir, "src")) ? "fresh" : "stale"
}

/** The command that builds the package (node scripts/build.mjs in its folder). */
export function sandboxBuildCommand(dir = sandboxPackageDir()) {
  return { command: process.execPath, args: [path.join(dir, "scripts", "build.mjs")], cwd: dir }
}

export function sandboxBin(dir = sandboxPackageDir()) {
  return path.join(dir, "bin", "platega-sandbox.js")
}
