// Nothing lost in the build: every server file under src/ (routes, middlewares, subscribers, jobs,
// links, workflows, modules, providers, scripts, …) must have its compiled .js in what `npm pack`
// ships, and the admin extensions their bundle. `medusa plugin:build` silently leaves out any
// file under a folder (or with a name) `test`, `unit-tests` or `integration-tests`, so a file
// there would be missing from the package without an error anywhere else.
import { execFile, execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const SERVER_OUT = ".medusa/server"
const ADMIN_BUNDLES = [`${SERVER_OUT}/src/admin/index.js`, `${SERVER_OUT}/src/admin/index.mjs`]
const isSpec = (p) => p.split("/").includes("__tests__") || /\.spec\.[cm]?[jt]sx?$/.test(p)

/** src/ files the server build must compile, as paths relative to the project ("src/…"). */
export function serverSources(root) {
  const found = []
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`
      if (entry.isDirectory()) {
        if (child !== "src/admin") walk(child)
      } else if (/\.[cm]?[jt]s$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) {
        if (!isSpec(child)) found.push(child)
      }
    }
  }
  walk("src")
  return found.sort()
}

/** The .js the build makes of a source file: src/a/b.ts → .medusa/server/src/a/b.js */
export const compiledPath = (source) =>
  `${SERVER_OUT}/${source.replace(/\.([cm]?)[jt]s$/, (_, m) => `.${m}js`)}`

/**
 * What the package lacks: each source whose compiled file is not among the packed paths, and the
 * admin bundles when there are admin extensions. Empty when nothing is lost.
 */
export function missingFromPackage(root, packedPaths) {
  const packed = new Set(packedPaths)
  const missing = serverSources(root)
    .filter((s) => !packed.has(compiledPath(s)))
    .map((s) => `${s} → ${compiledPath(s)}`)
  if (fs.existsSync(path.join(root, "src", "admin"))) {
    missing.push(...ADMIN_BUNDLES.filter((b) => !packed.has(b)).map((b) => `src/admin → ${b}`))
  }
  return missing
}

/** The paths `npm pack` would ship from the project as it is built now. */
export function packedPaths(root) {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(out)[0].files.map((f) => f.path)
}

/** Throws, listing every lost file, unless the packed plugin holds all of src/. */
export function assertNothingLost(root, packed = packedPaths(root)) {
  const missing = missingFromPackage(root, packed)
  if (missing.length) {
    throw new Error(
      `${missing.length} file(s) of src/ are not in the package (medusa plugin:build skips ` +
        `folders named test, unit-tests, integration-tests; or package.json "files" leaves ` +
        `them out):\n  ${missing.join("\n  ")}`,
    )
  }
  return packed
}

/**
 * The check checked: a small plugin with a route under a folder named `test`, compiled by
 * Medusa's own plugin compiler and packed by npm, must be caught. Returns what it reported.
 */
export async function proveItCatchesATestFolder(root) {
  const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "platega-lost-file-"))
  try {
    const write = (rel, text) => {
      fs.mkdirSync(path.dirname(path.join(fixture, rel)), { recursive: true })
      fs.writeFileSync(path.join(fixture, rel), text)
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
    write(
      "package.json",
      JSON.stringify({ name: "lost-file-fixture", version: "0.0.0", files: pkg.files }),
    )
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: {
          module: "Node16",
          moduleResolution: "Node16",
          rootDir: "./",
          outDir: SERVER_OUT,
        },
        include: ["src/**/*"],
      }),
    )
    const route =
      "export const GET = (_req: unknown, res: { json(b: object): void }) => res.json({})\n"
    write("src/api/admin/kept/route.ts", route)
    write("src/api/admin/kept/test/route.ts", route)
    const { Compiler } = await import(
      path.join(root, "node_modules/@medusajs/framework/dist/build-tools/index.js")
    )
    const quiet = { info() {}, warn() {}, error: console.error, debug() {} }
    const compiler = new Compiler(fixture, quiet)
    await compiler.buildPluginBackend(await compiler.loadTSConfigFile())
    const packed = packedPaths(fixture)
    if (!packed.includes(compiledPath("src/api/admin/kept/route.ts")))
      throw new Error("the fixture plugin's build or pack failed: its kept route is not packed")
    const missing = missingFromPackage(fixture, packed)
    if (missing.length !== 1 || !missing[0].startsWith("src/api/admin/kept/test/route.ts"))
      throw new Error(`the lost-file check missed a folder named test: ${JSON.stringify(missing)}`)
    return missing[0]
  } finally {
    fs.rmSync(fixture, { recursive: true, force: true })
  }
}

/** The proof in a child process, so it runs beside the caller's own (blocking) steps. */
export function proveInChildProcess(root) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [fileURLToPath(import.meta.url), "--prove", root],
      { encoding: "utf8" },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${stderr || error.message}`.trim())) : resolve(stdout.trim()),
    )
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--prove") {
  proveItCatchesATestFolder(process.argv[3]).then(
    (caught) => console.log(caught),
    (e) => {
      console.error(e.message)
      process.exit(1)
    },
  )
}
