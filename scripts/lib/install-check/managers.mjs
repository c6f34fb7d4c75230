// The packed plugin in a store installed with pnpm (and with Yarn when asked), at one Medusa
// version: the README's `pnpm add` / `yarn add` of the tarball, then the store boots with the
// plugin's providers, every route the package declares answers, and every admin page of the
// package opens in Chromium. The region script and the paid checkout are the npm walks' (they
// depend on Medusa, not on how node_modules was laid out).
//   pnpm: the version Medusa's DTC starter pins (its packageManager), with the .npmrc of Medusa's
//     pnpm guide (the packages the admin shares with extensions hoisted to the top). pnpm gives
//     each package only what it declares: the plugin's own node_modules folder must hold every
//     package its server code requires, so a dependency it forgot to declare (one that npm's
//     hoisting happens to provide) fails here.
//   yarn: Yarn 4 with `nodeLinker: node-modules`, as Medusa's docs set it up.
// Each is a package from the npm registry, installed once into the check's cache folder; so are
// the manager's stores and its package store.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import { builtinModules } from "node:module"
import path from "node:path"
import { adminPages, checkAdminPages } from "./admin-pages.mjs"
import { customerToken, declaredRoutes, probeRoutes } from "./routes.mjs"
import { ADMIN, publishableKey, serveStore, stopServer } from "./running-store.mjs"
import { assertOneRouter, baseStore, claimStore, findPackage, npm } from "./store.mjs"

/** What `npm run check:install` installs with, unless CHECK_INSTALL_MANAGERS names others. */
export const DEFAULT_MANAGERS = ["npm", "pnpm"]
const KNOWN = ["npm", "pnpm", "yarn"]

/** CHECK_INSTALL_MANAGERS (e.g. "npm,pnpm,yarn") as a list; the default without it. */
export function managersToCheck(value = process.env.CHECK_INSTALL_MANAGERS) {
  if (!value) return DEFAULT_MANAGERS
  const names = value.split(",").map((n) => n.trim().toLowerCase())
  const unknown = names.filter((n) => !KNOWN.includes(n))
  if (unknown.length || !names.length)
    throw new Error(`CHECK_INSTALL_MANAGERS: ${value} (known: ${KNOWN.join(", ")})`)
  return [...new Set(names)]
}

// Medusa's pnpm guide: the packages a store's admin shares with its extensions, at the top.
const PNPM_NPMRC = [
  "public-hoist-pattern[]=*@medusajs/*",
  "public-hoist-pattern[]=@tanstack/react-query",
  "public-hoist-pattern[]=react-i18next",
  "public-hoist-pattern[]=react-router-dom",
  "",
].join("\n")

const TOOLS = {
  pnpm: { spec: "pnpm@10.11.1", bin: "node_modules/pnpm/bin/pnpm.cjs" },
  yarn: { spec: "@yarnpkg/cli-dist@4.18.1", bin: "node_modules/@yarnpkg/cli-dist/bin/yarn.js" },
}

/** The package manager's CLI (from the npm registry), installed once into the cache folder. */
function installTool(cacheDir, name) {
  const { spec, bin } = TOOLS[name]
  const dir = path.join(cacheDir, "tools", spec.replace("/", "+"))
  if (!fs.existsSync(path.join(dir, ".complete"))) {
    fs.mkdirSync(dir, { recursive: true })
    npm(["install", "--prefix", dir, "--no-save", "--no-package-lock", spec], dir)
    fs.writeFileSync(path.join(dir, ".complete"), spec)
  }
  return { version: spec.split("@").pop(), bin: path.join(dir, bin) }
}

/** The environment without npm's own settings (`npm test` passes them on; pnpm would read them). */
function cleanEnv(extra) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_(config|package|lifecycle)_/i.test(k)),
  )
  return { ...env, ...extra }
}

function runner(bin, env, fixedArgs = []) {
  return (args, cwd) => {
    try {
      return execFileSync(process.execPath, [bin, ...args, ...fixedArgs], {
        cwd,
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        maxBuffer: 256 * 1024 * 1024,
      })
    } catch (e) {
      throw new Error(`${path.basename(bin)} ${args.join(" ")} failed:\n${e.stdout}${e.stderr}`)
    }
  }
}

/** The manager `name` as store.mjs installs stores with it, and how it adds a package. */
function manager(cacheDir, name) {
  const tool = installTool(cacheDir, name)
  const registry = npm(["config", "get", "registry"], cacheDir).trim()
  if (name === "pnpm") {
    const packages = path.join(cacheDir, "pnpm-packages")
    const run = runner(tool.bin, cleanEnv({ npm_config_registry: registry }), [
      `--store-dir=${packages}`,
      "--config.confirm-modules-purge=false",
    ])
    return {
      name,
      version: tool.version,
      // The store's node_modules links into that package store: another one needs a new store.
      key: packages,
      lockfile: "pnpm-lock.yaml",
      files: { ".npmrc": PNPM_NPMRC },
      settings: `.npmrc: ${PNPM_NPMRC.trim().split("\n").join(", ")}`,
      strict: true,
      // CI=true would make pnpm refuse to write the new store's lockfile.
      install: (dir) => run(["install", "--no-frozen-lockfile"], dir),
      add: (args, dir) => run([...args, "--prefer-offline"], dir),
    }
  }
  const run = runner(
    tool.bin,
    cleanEnv({
      YARN_NPM_REGISTRY_SERVER: registry.replace(/\/$/, ""),
      YARN_ENABLE_GLOBAL_CACHE: "false",
      YARN_CACHE_FOLDER: path.join(cacheDir, "yarn-packages"),
      YARN_ENABLE_TELEMETRY: "false",
      YARN_ENABLE_IMMUTABLE_INSTALLS: "false",
    }),
  )
  return {
    name,
    version: tool.version,
    lockfile: "yarn.lock",
    files: { ".yarnrc.yml": "nodeLinker: node-modules\n", "yarn.lock": "" },
    settings: ".yarnrc.yml: nodeLinker: node-modules",
    strict: false,
    install: (dir) => run(["install"], dir),
    add: (args, dir) => run(args, dir),
  }
}

const packageName = (specifier) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]

/**
 * The packages the package's server code requires (not its admin bundle: the store's admin
 * resolves that one) that its own node_modules folder does not hold: undeclared dependencies.
 */
function undeclared(packageDir) {
  const own = path.dirname(fs.realpathSync(packageDir))
  const src = path.join(packageDir, ".medusa", "server", "src")
  const missing = new Map()
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (full !== path.join(src, "admin")) walk(full)
      } else if (entry.name.endsWith(".js")) {
        const code = fs.readFileSync(full, "utf8")
        for (const [, specifier] of code.matchAll(/require\("([^".][^"]*)"\)/g)) {
          const name = packageName(specifier)
          if (name.startsWith("node:") || builtinModules.includes(name)) continue
          if (fs.existsSync(path.join(own, name))) continue
          missing.set(name, [...(missing.get(name) ?? []), path.relative(packageDir, full)])
        }
      }
    }
  }
  walk(src)
  return [...missing].map(([name, files]) => `${name} (required by ${files.join(", ")})`)
}

/**
 * The packed plugin installed with `name` (pnpm or yarn) into a fresh Medusa `version` store:
 * installs, boots, serves every declared route and admin page. Logs through step() and log().
 */
export async function checkWithManager(name, version, ctx) {
  const { cacheDir, root, pkgName, tarball, readme, sandbox, db, chromium, step, log } = ctx
  let server
  let releaseStore
  try {
    const pm = manager(cacheDir, name)
    step(`a Medusa ${version} store installed with ${name} ${pm.version} (${pm.settings})`)
    const store = baseStore(cacheDir, version, log, [version], pm)
    releaseStore = await claimStore(store, log, pm)

    const command = readme[name]
    if (!command) throw new Error(`README's install section lost its ${name} command`)
    step(`README: ${command} (from the packed tarball)`)
    const args = command.split(/\s+/).slice(1)
    const target = args.indexOf(pkgName)
    if (target < 0) throw new Error(`README's ${name} command does not name ${pkgName}`)
    args[target] = tarball
    pm.add(args, store)
    const versionOf = (dir) =>
      JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version
    const packageDir = path.join(store, "node_modules", pkgName)
    const medusa = versionOf(findPackage(store, "@medusajs/medusa"))
    log(
      `installed ${pkgName}@${versionOf(packageDir)} beside @medusajs/medusa@${medusa}, ` +
        `react-router-dom ${assertOneRouter(store)}`,
    )
    if (medusa !== version) throw new Error(`the store should run Medusa ${version}`)
    if (pm.strict) {
      const missing = undeclared(packageDir)
      if (missing.length)
        throw new Error(
          `the package requires what it does not declare (declare each in dependencies or ` +
            `peerDependencies, or take it from a declared package):\n  ${missing.join("\n  ")}`,
        )
      log("every package its server code requires is in its own node_modules (declared)")
    }

    const { url, token, providers } = await serveStore({
      store,
      config: readme.config,
      db,
      sandbox,
      step,
      onServer: (child) => (server = child),
    })
    log(`providers: ${providers.join(", ")}`)
    const routes = declaredRoutes(packageDir)
    step(`every route the package declares (${routes.length})`)
    const key = await publishableKey(url, token)
    const customer = await customerToken(url, key)
    const answers = await probeRoutes(url, routes, {
      adminToken: token,
      publishableKey: key,
      customer,
    })
    log(`${answers.length} routes answered, none missing`)
    const pages = adminPages(packageDir)
    step(`the package's admin pages in Chromium (${pages.length})`)
    for (const line of await checkAdminPages({
      chromium,
      root,
      base: url,
      ...ADMIN,
      pages,
      shotsDir: path.join(root, "test-results", "screenshots", `${version}-${name}`),
    }))
      log(line)
    step(`OK with ${name} on Medusa ${version}: installs, loads, serves its routes and pages`)
  } finally {
    await stopServer(server)
    await db.dropDatabase()
    releaseStore?.()
  }
}
