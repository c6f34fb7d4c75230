// The store of `npm run check:install`: what a new Medusa store's package.json holds, installed
// once per Medusa version and package manager (npm, or one of managers.mjs) and kept in a cache
// folder. Each run puts back its package.json and lockfile as they were before any plugin, so the
// README's install of the tarball makes the same tree as in a new store, and a run pays for that
// one install, not for a whole Medusa install (nor for copying or deleting its 60 000 files).
import { execFileSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

export function npm(args, cwd, extra = {}) {
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_prefer_offline: "true",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 256 * 1024 * 1024,
  })
}

/** A new store's package.json on Medusa `version`, with the admin router its dashboard needs. */
function storePackage(version, routerVersion) {
  return {
    name: "platega-install-check-store",
    version: "0.0.1",
    private: true,
    engines: { node: ">=20" },
    dependencies: {
      "@medusajs/admin-sdk": version,
      "@medusajs/cli": version,
      "@medusajs/framework": version,
      "@medusajs/medusa": version,
      // The README's "older admin router" step: the dashboard's own react-router-dom.
      "react-router-dom": routerVersion,
    },
    devDependencies: {
      "@swc/core": "^1.7.28",
      "@types/node": "^20.0.0",
      "@types/react": "^18.3.2",
      "@types/react-dom": "^18.2.25",
      "prop-types": "^15.8.1",
      react: "^18.2.0",
      "react-dom": "^18.2.0",
      "ts-node": "^10.9.2",
      typescript: "^5.6.2",
      vite: "^5.2.11",
    },
  }
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    module: "Node16",
    moduleResolution: "Node16",
    esModuleInterop: true,
    skipLibCheck: true,
    strict: false,
    jsx: "react-jsx",
    outDir: "./.medusa/server",
  },
  include: ["**/*"],
  exclude: ["node_modules", ".medusa"],
}

/**
 * How a store is installed: npm here; managers.mjs has the others. `files` are written beside the
 * package.json before the install (a package manager's settings), `install(dir)` installs it;
 * `key` names anything else its install depends on.
 */
const NPM = {
  name: "npm",
  lockfile: "package-lock.json",
  files: {},
  install: (dir) => npm(["install"], dir),
}
const baseFiles = (manager) => ["package.json", manager.lockfile]
const baseCopy = (dir, file) => path.join(dir, `.before-plugin.${file}`)

/** Keeps the store's package.json and lockfile as they are before the plugin is installed. */
function saveBase(dir, manager) {
  for (const file of baseFiles(manager)) fs.copyFileSync(path.join(dir, file), baseCopy(dir, file))
}

/** The react-router-dom the store's @medusajs/dashboard is built against. */
function dashboardRouter(version) {
  const out = npm(
    ["view", `@medusajs/dashboard@${version}`, "dependencies", "--json"],
    process.cwd(),
  )
  const range = JSON.parse(out)["react-router-dom"]
  if (!range) throw new Error(`@medusajs/dashboard@${version} names no react-router-dom`)
  return range
}

/**
 * A store with Medusa `version` installed by `manager` (npm by default): from the cache when it
 * holds one for exactly this package.json and manager, else installed now (a minute or two) and
 * cached; the cached stores of `keepVersions` (the other versions the run checks) stay. Returns
 * its folder.
 */
export function baseStore(cacheDir, version, log, keepVersions = [version], manager = NPM) {
  // Node and Vite look for packages in every node_modules above the store too.
  for (let dir = path.dirname(path.resolve(cacheDir)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "node_modules")))
      throw new Error(
        `the store cache ${cacheDir} is under ${dir}, which has a node_modules: packages the ` +
          "plugin forgot to declare would be found there. Set CHECK_INSTALL_CACHE elsewhere",
      )
    if (path.dirname(dir) === dir) break
  }
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify(storePackage(version, "")) + process.version)
  if (manager !== NPM)
    hash.update(manager.name + JSON.stringify(manager.files) + (manager.key ?? ""))
  const key = hash.digest("hex").slice(0, 16)
  // npm's stores are store-<version>-<key>, the others' <manager>-store-<version>-<key>.
  const prefix = manager === NPM ? "store" : `${manager.name}-store`
  const dir = path.join(cacheDir, `${prefix}-${version}-${key}`)
  const what = `Medusa ${version} store${manager === NPM ? "" : ` (${manager.name})`}`
  if (fs.existsSync(path.join(dir, ".complete"))) {
    log(`the ${what}'s install from the cache`)
    return dir
  }
  log(`installing a ${what} (kept in ${cacheDir})`)
  const building = `${dir}.tmp-${process.pid}`
  fs.rmSync(building, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true })
  const pkg = storePackage(version, dashboardRouter(version))
  fs.writeFileSync(path.join(building, "package.json"), JSON.stringify(pkg, null, 2))
  fs.writeFileSync(path.join(building, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2))
  for (const [file, text] of Object.entries(manager.files))
    fs.writeFileSync(path.join(building, file), text)
  manager.install(building)
  saveBase(building, manager)
  fs.writeFileSync(path.join(building, ".complete"), new Date().toISOString())
  try {
    fs.renameSync(building, dir)
  } catch {
    // another run cached the same store meanwhile: use that one
    fs.rmSync(building, { recursive: true, force: true })
  }
  // Cached stores of versions no longer checked, or of an older package.json, are dropped.
  const cached = new RegExp(`^${prefix}-(\\d+\\.\\d+\\.\\d+[^-]*)-`)
  for (const old of fs.readdirSync(cacheDir)) {
    const oldVersion = cached.exec(old)?.[1]
    if (!oldVersion || old === path.basename(dir) || old.includes(".tmp-")) continue
    if (oldVersion === version || !keepVersions.includes(oldVersion))
      fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true })
  }
  return dir
}

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * The cached store for this run alone (another run in the same checkout waits its turn), set back
 * to before any plugin: package.json and lockfile as installed, no config, no build output.
 * Returns release(), to call when the run ends.
 */
export async function claimStore(dir, log, manager = NPM) {
  const lock = path.join(dir, ".in-use")
  for (let waited = 0; ; waited += 5) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" })
      break
    } catch {
      const holder = Number(fs.readFileSync(lock, "utf8"))
      if (!alive(holder)) fs.rmSync(lock, { force: true })
      else if (waited > 1200) throw new Error(`the cached store ${dir} stays in use by ${holder}`)
      else {
        if (waited === 0) log(`waiting for the run ${holder} that uses the cached store`)
        await new Promise((r) => setTimeout(r, 5000))
      }
    }
  }
  if (!fs.existsSync(baseCopy(dir, "package.json"))) saveBase(dir, manager)
  for (const file of baseFiles(manager)) fs.copyFileSync(baseCopy(dir, file), path.join(dir, file))
  for (const left of ["medusa-config.ts", ".medusa"])
    fs.rmSync(path.join(dir, left), { recursive: true, force: true })
  return () => fs.rmSync(lock, { force: true })
}

/**
 * The folder Node finds package `name` in from `fromDir` (the real one, symlinks followed, as a
 * pnpm store links them), or undefined.
 */
export function findPackage(fromDir, name) {
  for (let dir = fs.realpathSync(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name)
    if (path.basename(dir) !== "node_modules" && fs.existsSync(candidate))
      return fs.realpathSync(candidate)
    if (path.dirname(dir) === dir) return undefined
  }
}

/** The store's admin and its dashboard must share one react-router-dom, or plugin pages crash. */
export function assertOneRouter(store) {
  const read = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))
  const root = findPackage(store, "react-router-dom")
  const dashboard = findPackage(store, "@medusajs/dashboard")
  if (!root || !dashboard)
    throw new Error("the store finds no react-router-dom or no @medusajs/dashboard at its top")
  const wanted = read(dashboard).dependencies["react-router-dom"]
  const dashboards = findPackage(dashboard, "react-router-dom")
  if (dashboards !== root)
    throw new Error(
      `the dashboard has its own react-router-dom ${read(dashboards).version} beside the ` +
        `store's ${read(root).version} (wants ${wanted}): the plugin's admin pages would crash`,
    )
  return read(root).version
}
