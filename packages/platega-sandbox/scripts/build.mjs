#!/usr/bin/env node
// Compiles src/ to dist/ (JavaScript and type declarations). Runs on `npm ci` / `npm install` of the
// repository (the `prepare` script), so the bin and the package import work from a fresh clone.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const tsc = createRequire(path.join(root, "package.json")).resolve("typescript/bin/tsc")
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true })
const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
  cwd: root,
  stdio: "inherit",
})
process.exit(result.status ?? 1)
