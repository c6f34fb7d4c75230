#!/usr/bin/env node
// `npm run check:install` (and part of `npm test`): the README's "Install in your store" tried the
// way a new user would, on the packed package, at the oldest and the newest Medusa it supports.
//  1. builds the plugin and packs it (npm pack): every server file of src/ must be in the tarball
//     (the check itself is proven on a plugin with a folder named `test`), and no sandbox code;
//  2. for each Medusa version (the lowest of the peer range, and the one this repository is
//     developed on; or only MEDUSA_VERSION): a fresh store with the admin enabled and the
//     react-router-dom its dashboard needs; installs the tarball there with the README's command
//     (an ERESOLVE fails), writes medusa-config.ts from the README's snippet, runs
//     `medusa db:migrate` and starts the store (admin in development mode), talking to the Platega
//     sandbox; calls every route the installed package declares (none may be missing), opens each
//     of its admin pages in Chromium (no error boundary, no console error from the plugin), and
//     runs the package's Russia region script twice beside another region (the second time with
//     the RUB price options as docs/russia-region.md writes them: a euro-priced product gets its
//     RUB price), then pays a cart there (SBP, in the sandbox) and finds exactly one order;
//  3. then the same tarball in a store installed with pnpm (the DTC starter's pnpm and Medusa's
//     .npmrc for pnpm), at the oldest version (or MEDUSA_VERSION): the README's `pnpm add`; every
//     package the plugin's server code requires must be in its own node_modules (declared: pnpm
//     links nothing else there); it boots with the providers, every declared route answers and
//     every admin page opens (scripts/lib/install-check/managers.mjs). Yarn 4 (nodeLinker:
//     node-modules, the README's `yarn add`) the same way when CHECK_INSTALL_MANAGERS names it:
//     the managers to check, default `npm,pnpm`, e.g. `npm,pnpm,yarn` or `pnpm` alone;
//  4. meanwhile packs the storefront kit and the sandbox and runs `npm publish --dry-run` of the
//     three tarballs (the plugin's being the one the stores installed).
// Each version's and manager's Medusa install is cached in
// ~/.cache/medusa-payment-platega/check-install (or CHECK_INSTALL_CACHE; outside any node_modules
// tree), with pnpm and Yarn themselves (from the npm registry) and their package stores, and its
// migrated database kept as a template while migrations and links are unchanged, so a run costs a
// build, and per store one install of the tarball and one store start.
//   DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD: use that PostgreSQL (a throw-away database is created);
//   otherwise an embedded one is started. The stores stay in the cache folder after a run, each
//   with its server's output in medusa.log. CHECK_INSTALL_FRESH_DB=1 migrates from scratch. Needs
//   Chromium (CHROMIUM_PATH or the system's).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { adminPages, checkAdminPages, chromiumPath } from "./lib/install-check/admin-pages.mjs"
import { checkPaidCheckout } from "./lib/install-check/checkout.mjs"
import { openServer } from "./lib/install-check/database.mjs"
import { checkWithManager, managersToCheck } from "./lib/install-check/managers.mjs"
import { customerToken, declaredRoutes, probeRoutes } from "./lib/install-check/routes.mjs"
import { dryRunPublishAll } from "./lib/install-check/publish.mjs"
import { checkRussiaRegion, documentedPriceCommand } from "./lib/install-check/russia-region.mjs"
import {
  ADMIN,
  publishableKey,
  serveStore,
  stopServer,
} from "./lib/install-check/running-store.mjs"
import {
  assertNothingLost,
  proveInChildProcess,
  serverSources,
} from "./lib/install-check/shipped-files.mjs"
import { assertOneRouter, baseStore, claimStore, npm } from "./lib/install-check/store.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
// What only the sandbox needs (qrcode is the admin's too: payment links show a QR).
const SANDBOX_ONLY = ["fastify", "@fastify/formbody"]
// Outside this repository: a store inside it would find the repository's node_modules above its own
// and hide a dependency the package forgot to declare.
const CACHE =
  process.env.CHECK_INSTALL_CACHE ||
  path.join(
    process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
    "medusa-payment-platega",
    "check-install",
  )
/** The lowest version a peer range like ">=2.18.0 <2.22.0" allows. */
function lowest(range) {
  const m = /(\d+\.\d+\.\d+)/.exec(range)
  if (!m) throw new Error(`cannot read a lowest version from the peer range ${range}`)
  return m[1]
}
// The range's ends: its lowest version, and the Medusa this repository is developed and tested on
// (raise it with the peer range's upper bound).
const OLDEST_MEDUSA = lowest(pkg.peerDependencies["@medusajs/framework"])
const NEWEST_MEDUSA = pkg.devDependencies["@medusajs/medusa"]
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const step = (text) => console.log(`[check:install ${seconds()}] ${text}`)

/** The README's own words: the install command and the medusa-config.ts snippet. */
function readmeInstructions() {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
  const start = readme.indexOf("## Install in your store")
  if (start < 0) throw new Error('README.md has no "## Install in your store" section')
  const section = readme.slice(start, readme.indexOf("\n## ", start + 5))
  const install = /```bash\n(npm install [^\n]+)\n```/.exec(section)?.[1]
  const config = /`medusa-config\.ts`:\s*```ts\n([\s\S]*?)```/.exec(section)?.[1]
  const regionScript = /npx medusa exec (\S+\/create-russia-region\.js)/.exec(section)?.[1]
  if (!install || !config || !regionScript)
    throw new Error("README's install section lost its command, snippet or region script")
  const pnpm = /```bash\n(pnpm add [^\n]+)\n```/.exec(section)?.[1]
  const yarn = /```bash\n(yarn add [^\n]+)\n```/.exec(section)?.[1]
  return { install, config, regionScript, pnpm, yarn }
}

/** The Platega sandbox of this repository (rebuilt first when its sources changed). */
async function startPlategaSandbox() {
  const { sandboxBuildState, sandboxBuildCommand } = await import("../demo/runner/sandbox.mjs")
  if (sandboxBuildState() !== "fresh") {
    const { command, args, cwd } = sandboxBuildCommand()
    execFileSync(command, args, { cwd, stdio: "pipe" })
  }
  const { startSandbox } = await import("platega-sandbox")
  return startSandbox({ port: 0, quiet: true })
}

/** The packed plugin on one Medusa `version`: a fresh store, the README's steps, every check. */
async function checkStore(version, { versions, tarball, readme, sandbox, db, chromium }) {
  let server
  let releaseStore
  try {
    step(`a Medusa ${version} store (as new: no plugin, no config, a new database)`)
    const store = baseStore(CACHE, version, (m) => console.log(`      ${m}`), versions)
    releaseStore = await claimStore(store, (m) => console.log(`      ${m}`))

    const { install, config, regionScript, priceCommand } = readme
    step(`README: ${install} (from the packed tarball)`)
    const installArgs = install.replace(/^npm /, "").split(/\s+/)
    const target = installArgs.indexOf(pkg.name)
    if (target < 0) throw new Error(`README's install command does not name ${pkg.name}`)
    installArgs[target] = tarball
    try {
      npm(installArgs, store)
    } catch (e) {
      const text = `${e.stdout ?? ""}${e.stderr ?? ""}`
      throw new Error(
        `npm install of the tarball failed${/ERESOLVE/.test(text) ? " (ERESOLVE)" : ""}:\n${text}`,
      )
    }
    const installed = JSON.parse(npm(["ls", "--json", "--depth=0"], store)).dependencies
    const router = assertOneRouter(store)
    console.log(
      `      installed ${pkg.name}@${installed[pkg.name].version} beside @medusajs/medusa@${installed["@medusajs/medusa"].version}, react-router-dom ${router}`,
    )
    if (installed["@medusajs/medusa"].version !== version)
      throw new Error(`the store should run Medusa ${version}`)
    const cookies = npm(["ls", "cookie", "--all", "--json"], store)
    if (/"version":\s*"2\./.test(cookies) && /medusa-payment-platega/.test(cookies)) {
      throw new Error("the plugin's dependencies bring cookie@2 (needs Node 22)")
    }

    const { url, env, token, providers } = await serveStore({
      store,
      config,
      db,
      sandbox,
      step,
      onServer: (child) => (server = child),
    })
    console.log(`      providers: ${providers.join(", ")}`)

    const packageDir = path.join(store, "node_modules", pkg.name)
    const routes = declaredRoutes(packageDir)
    step(`every route the package declares (${routes.length})`)
    const key = await publishableKey(url, token)
    const customer = await customerToken(url, key)
    for (const line of await probeRoutes(url, routes, {
      adminToken: token,
      publishableKey: key,
      customer,
    }))
      console.log(`      ${line}`)

    // The pages need nothing of the region script and the checkout in it: both run meanwhile.
    const pages = adminPages(packageDir)
    step(
      `the package's admin pages in Chromium (${pages.length}); meanwhile ` +
        `README: npx medusa exec ${regionScript}, then with docs/russia-region.md's RUB price ` +
        `options, and a paid checkout in that region`,
    )
    const [pageLines, regionLines] = await Promise.all([
      checkAdminPages({
        chromium,
        root: ROOT,
        base: url,
        ...ADMIN,
        pages,
        shotsDir: path.join(ROOT, "test-results", "screenshots", version),
      }),
      checkRussiaRegion({
        base: url,
        store,
        script: regionScript,
        priceCommand,
        env,
        adminToken: token,
        publishableKey: key,
      }).then(async (lines) => [
        ...lines,
        ...(await checkPaidCheckout({
          base: url,
          adminToken: token,
          publishableKey: key,
          sandbox,
        })),
      ]),
    ])
    for (const line of [...pageLines, ...regionLines]) console.log(`      ${line}`)
    step(`OK on Medusa ${version}: the packed plugin installs, loads, serves its routes and pages`)
  } finally {
    await stopServer(server)
    await db.dropDatabase()
    releaseStore?.()
  }
}

async function main() {
  const chromium = chromiumPath()
  if (!chromium)
    throw new Error(
      "no Chromium to open the admin pages with (set CHROMIUM_PATH or install chromium)",
    )
  const managers = managersToCheck()
  const versions = process.env.MEDUSA_VERSION
    ? [process.env.MEDUSA_VERSION]
    : [...new Set([OLDEST_MEDUSA, NEWEST_MEDUSA])]
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "platega-install-check-"))
  let db
  let sandbox
  try {
    step("building the plugin (medusa plugin:build)")
    npm(["run", "build"], ROOT)

    step("packing it (npm pack)")
    const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], ROOT))
    const tarball = path.join(work, packed.filename)
    const packedFiles = packed.files.map((f) => f.path)
    const sandboxFiles = packedFiles.filter((p) => /sandbox/i.test(p))
    if (sandboxFiles.length)
      throw new Error(`the package holds sandbox files: ${sandboxFiles.join(", ")}`)
    const deps = Object.keys(pkg.dependencies ?? {})
    const leaked = SANDBOX_ONLY.filter((d) => deps.includes(d))
    if (leaked.length)
      throw new Error(`sandbox-only dependencies in the plugin: ${leaked.join(", ")}`)
    console.log(
      `      ${packed.filename}: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} kB`,
    )
    assertNothingLost(ROOT, packedFiles)
    console.log(
      `      all ${serverSources(ROOT).length} server files of src/ and the admin bundle are in it`,
    )
    // The check checked (in a child process, while the stores are prepared).
    const proof = proveInChildProcess(ROOT)
    proof.catch(() => {})
    sandbox = await startPlategaSandbox()
    // Packs the kit and the sandbox (the sandbox's build was just made fresh) while stores run.
    const publishing = dryRunPublishAll(ROOT, work, packed)
    publishing.catch(() => {})
    db = await openServer()

    // The README's steps, and the docs' command that prices a catalogue in rubles.
    const readme = { ...readmeInstructions(), priceCommand: documentedPriceCommand(ROOT) }
    if (managers.includes("npm"))
      for (const version of versions)
        await checkStore(version, { versions, tarball, readme, sandbox, db, chromium })
    // The other package managers at one version: the oldest, the DTC starter's.
    const others = managers.filter((m) => m !== "npm")
    for (const name of others) {
      await checkWithManager(name, versions[0], {
        cacheDir: CACHE,
        root: ROOT,
        pkgName: pkg.name,
        tarball,
        readme,
        sandbox,
        db,
        chromium,
        step,
        log: (m) => console.log(`      ${m}`),
      })
    }

    console.log(`      (the lost-file check catches a folder named test: ${await proof})`)
    step("npm publish --dry-run of each package (the plugin's: the tarball the stores installed)")
    for (const line of await publishing) console.log(`      ${line}`)
    const withNpm = managers.includes("npm") ? [`on Medusa ${versions.join(" and ")}`] : []
    const withOthers = others.length ? [`with ${others.join(" and ")} on ${versions[0]}`] : []
    step(`OK: the packed plugin works ${[...withNpm, ...withOthers].join(", and ")}`)
  } finally {
    await sandbox?.stop().catch(() => {})
    await db?.drop().catch(() => {})
    fs.rmSync(work, { recursive: true, force: true })
  }
}
main().catch((e) => {
  console.error(
    `check:install failed: ${e.message}${e.cause ? ` (${e.cause.message ?? e.cause})` : ""}`,
  )
  process.exit(1)
})
