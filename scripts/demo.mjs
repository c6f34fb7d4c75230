#!/usr/bin/env node
// `npm run demo`: one command from a fresh clone to a shop that takes Platega payments, with nothing
// installed but Node. Starts PostgreSQL (embedded, data in .demo-data/, or DATABASE_URL), migrates,
// seeds once, then runs the Platega sandbox, the Medusa server with this plugin and its admin, and a
// small storefront. Ctrl-C stops all of it. Settings: see demo/runner/config.mjs and docs/demo.md.
import fs from "node:fs"
import path from "node:path"
import { ADMIN, DEMO_CREDENTIALS, ROOT, readConfig } from "../demo/runner/config.mjs"
import { ensureDatabase, readSeedState, redactUrl } from "../demo/runner/database.mjs"
import { demoEncryptionKey } from "../demo/runner/encryption-key.mjs"
import {
  alreadyMigrated,
  migrationFingerprint,
  rememberMigrated,
} from "../demo/runner/migrations.mjs"
import { portIsFree, waitForHttp } from "../demo/runner/net.mjs"
import {
  loadEmbeddedPostgres,
  startDemoPostgres,
  stopLeftoverPostgres,
} from "../demo/runner/postgres.mjs"
import {
  forgetChildren,
  rememberChildren,
  runToEnd,
  startChild,
  stopChild,
  stopLeftovers,
  tail,
} from "../demo/runner/processes.mjs"
import { sandboxBin, sandboxBuildCommand, sandboxBuildState } from "../demo/runner/sandbox.mjs"
import { buildStorefront, serveStorefront } from "../demo/runner/storefront.mjs"
import { typescriptEnv } from "../demo/runner/typescript.mjs"

const config = readConfig()
// The sandbox's test cards (packages/platega-sandbox/README.md).
const CARD_OK = "4242 4242 4242 4242"
const CARD_DECLINED = "4000 0000 0000 0002"
const started = Date.now()
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const medusaCli = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
const childrenFile = path.join(config.dataDir, "children.json")

const running = {
  /** A one-shot command in progress (migrations, seed). */
  task: undefined,
  postgres: undefined,
  sandbox: undefined,
  medusa: undefined,
  storefront: undefined,
}
let stopping = false

const TOTAL_STEPS = 7
let step = 0
let lineOpen = false
function begin(title) {
  step += 1
  const t0 = Date.now()
  process.stdout.write(`[${step}/${TOTAL_STEPS}] ${title} … `)
  lineOpen = true
  return (result = "done") => {
    lineOpen = false
    console.log(`${result} (${seconds(Date.now() - t0)})`)
  }
}
const track = (proc) => (running.task = proc)
const note = (message) => console.log(`      ${message}`)

async function shutdown(code, reason) {
  if (stopping) return
  stopping = true
  if (lineOpen) console.log("")
  if (reason) console.log(`\n${reason}`)
  const t0 = Date.now()
  console.log("Stopping the demo …")
  await running.storefront?.close().catch(() => {})
  // The server first (it still writes to the database), then the sandbox, the database last.
  await stopChild(running.task)
  await stopChild(running.medusa)
  await stopChild(running.sandbox)
  if (running.postgres) {
    await running.postgres.stop().catch((e) => console.error(`stopping PostgreSQL: ${e.message}`))
  }
  forgetChildren(childrenFile)
  console.log(`Stopped (${seconds(Date.now() - t0)}).`)
  process.exit(code)
}

// A closed terminal must not cut the shutdown short: writes to it fail (EIO/EPIPE), and are dropped.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {})

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => void shutdown(signal === "SIGINT" ? 130 : 143, `${signal} received.`))
}

// `npm run demo` runs this under npm and a shell; npm stops at once on a signal without passing it
// on. The demo notices its parent is gone (it is handed to another parent) and stops everything.
const firstParent = process.ppid
setInterval(() => {
  if (process.ppid !== firstParent) void shutdown(143, "The process that started the demo ended.")
}, 1000).unref()

/**
 * The environment of every Medusa command: the store, with the plugin pointed at the sandbox and
 * an encryption key for the secrets saved under Settings → Platega, and its TypeScript loaded
 * without type checking (demo/runner/typescript.mjs).
 */
function medusaEnv(databaseUrl, encryptionKey) {
  const cors = [config.storefrontUrl, config.storeUrl].join(",")
  return {
    ...process.env,
    ...typescriptEnv(config),
    DATABASE_URL: databaseUrl,
    PLATEGA_ENCRYPTION_KEY: encryptionKey,
    PLATEGA_MERCHANT_ID: DEMO_CREDENTIALS.merchantId,
    PLATEGA_SECRET: DEMO_CREDENTIALS.secret,
    PLATEGA_PAYOUT_KEY: DEMO_CREDENTIALS.payoutKey,
    PLATEGA_BASE_URL: config.sandboxUrl,
    PLATEGA_RETURN_URL: process.env.PLATEGA_RETURN_URL || config.returnUrl,
    PLATEGA_FAILED_URL: process.env.PLATEGA_FAILED_URL || config.failedUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    STORE_CORS: process.env.STORE_CORS || config.storefrontUrl,
    ADMIN_CORS: process.env.ADMIN_CORS || config.storeUrl,
    AUTH_CORS: process.env.AUTH_CORS || cors,
  }
}

async function checkPorts() {
  const wanted = [
    ["DEMO_STORE_PORT", config.storePort, "the Medusa server"],
    ["DEMO_SANDBOX_PORT", config.sandboxPort, "the Platega sandbox"],
    ["DEMO_STOREFRONT_PORT", config.storefrontPort, "the storefront"],
  ]
  const busy = []
  for (const [name, port, what] of wanted) {
    if (!(await portIsFree(port)))
      busy.push(`port ${port} (${what}) is in use: free it or set ${name}`)
  }
  if (busy.length) throw new Error(busy.join("\n"))
}

async function main() {
  console.log("Platega for Medusa: demo shop\n")
  fs.mkdirSync(config.logDir, { recursive: true })
  await stopLeftovers(childrenFile, ROOT + path.sep, note)
  if (!config.databaseUrl) await stopLeftoverPostgres(config.dataDir, note)
  await checkPorts()

  let done = begin(config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : "PostgreSQL (embedded)")
  let databaseUrl = config.databaseUrl
  if (!databaseUrl) {
    await loadEmbeddedPostgres()
    running.postgres = await startDemoPostgres({
      dataDir: config.dataDir,
      port: config.pgPort,
      logFile: path.join(config.logDir, "postgres.log"),
    })
    databaseUrl = running.postgres.databaseUrl(config.dbName)
  }
  const created = await ensureDatabase(databaseUrl)
  done(created ? "database created" : "database found")
  note(redactUrl(databaseUrl))

  done = begin("Migrations (medusa db:migrate)")
  const encryption = demoEncryptionKey(config.dataDir)
  const env = medusaEnv(databaseUrl, encryption.key)
  let seed = await readSeedState(databaseUrl)
  const databaseKey = config.databaseUrl ? redactUrl(databaseUrl) : `embedded/${config.dbName}`
  const fingerprint = migrationFingerprint()
  if (
    seed.seededAt &&
    !config.forceMigrate &&
    alreadyMigrated(config.dataDir, databaseKey, fingerprint)
  ) {
    done("up to date, skipped")
  } else {
    await runToEnd(
      {
        name: "medusa db:migrate",
        command: process.execPath,
        args: [medusaCli, "db:migrate"],
        cwd: ROOT,
        env,
        logFile: path.join(config.logDir, "migrate.log"),
      },
      track,
    )
    rememberMigrated(config.dataDir, databaseKey, fingerprint)
    done()
  }

  done = begin("Demo data")
  if (seed.seededAt && seed.publishableKey) {
    done(`already seeded on ${seed.seededAt.slice(0, 10)}, kept`)
  } else {
    const keyFile = path.join(config.dataDir, "publishable-key.txt")
    await runToEnd(
      {
        name: "medusa exec ./demo/seed.ts",
        command: process.execPath,
        args: [medusaCli, "exec", "./demo/seed.ts"],
        cwd: ROOT,
        env: { ...env, DEMO_PUBLISHABLE_KEY_FILE: keyFile },
        logFile: path.join(config.logDir, "seed.log"),
      },
      track,
    )
    seed = await readSeedState(databaseUrl)
    if (!seed.publishableKey) throw new Error("the seed ran but left no publishable API key")
    done("seeded")
  }

  done = begin(`Platega sandbox on ${config.sandboxUrl}`)
  const sandboxBuild = sandboxBuildState()
  if (sandboxBuild !== "fresh") {
    await runToEnd(
      {
        name: "platega-sandbox build",
        ...sandboxBuildCommand(),
        env: { ...process.env },
        logFile: path.join(config.logDir, "sandbox-build.log"),
      },
      track,
    )
  }
  running.sandbox = startChild({
    name: "Platega sandbox",
    command: process.execPath,
    args: [
      sandboxBin(),
      ...["--port", String(config.sandboxPort)],
      ...["--merchant-id", DEMO_CREDENTIALS.merchantId],
      ...["--secret", DEMO_CREDENTIALS.secret],
      ...["--payout-key", DEMO_CREDENTIALS.payoutKey],
      ...["--callback-url", config.callbackUrl],
      // Payments, subscriptions and owed callbacks survive a demo restart.
      ...["--data-dir", path.join(config.dataDir, "sandbox")],
    ],
    cwd: ROOT,
    env: { ...process.env },
    logFile: path.join(config.logDir, "sandbox.log"),
    verbose: config.verbose,
  })
  rememberChildren(childrenFile, [running.sandbox])
  await waitForHttp(config.sandboxUrl, {
    timeoutMs: 60_000,
    ok: () => true,
    abort: () => exitedReason(running.sandbox),
  })
  done(sandboxBuild === "fresh" ? "ready" : `built (${sandboxBuild} before) and ready`)

  done = begin(`Storefront on ${config.storefrontUrl}`)
  const distDir = path.join(config.dataDir, "storefront")
  const build = await buildStorefront({
    outDir: distDir,
    logFile: path.join(config.logDir, "storefront-build.log"),
    track,
  })
  running.storefront = await serveStorefront({
    dir: distDir,
    port: config.storefrontPort,
    config: {
      medusaUrl: config.storeUrl,
      publishableKey: seed.publishableKey,
      storefrontUrl: config.storefrontUrl,
    },
  })
  done(build === "built" ? "built and serving" : "serving")

  done = begin(`Medusa server and admin on ${config.storeUrl} (medusa ${config.serverMode})`)
  running.medusa = startChild({
    name: "Medusa server",
    command: process.execPath,
    args: [medusaCli, config.serverMode, "--port", String(config.storePort)],
    cwd: ROOT,
    // `start` serves the admin like `develop` does only in development mode.
    env: { ...env, NODE_ENV: "development" },
    logFile: path.join(config.logDir, "medusa.log"),
    verbose: config.verbose,
  })
  rememberChildren(childrenFile, [running.sandbox, running.medusa])
  await waitForHttp(`${config.storeUrl}/health`, {
    timeoutMs: config.startTimeoutMs,
    abort: () => exitedReason(running.medusa),
  })
  done("ready")

  done = begin("Admin dashboard")
  await waitForHttp(`${config.adminUrl}/`, {
    timeoutMs: config.startTimeoutMs,
    abort: () => exitedReason(running.medusa),
  })
  done("ready")

  printSummary(seed.publishableKey, encryption)
  // From here on, a child that dies takes the demo down with a pointer to its log.
  for (const proc of [running.sandbox, running.medusa].filter(Boolean)) {
    proc.exited.then(({ code, signal }) => {
      if (stopping) return
      // Stopped on purpose (a signal to it, e.g. from a process manager): the rest follows.
      if (
        signal === "SIGTERM" ||
        signal === "SIGINT" ||
        signal === "SIGHUP" ||
        code === 143 ||
        code === 130
      ) {
        void shutdown(0, `${proc.name} was stopped (${signal ?? `exit code ${code}`}).`)
        return
      }
      console.error(`\n${proc.name} stopped unexpectedly (${signal ?? `exit code ${code}`}):`)
      console.error(tail(proc.logFile))
      void shutdown(1)
    })
  }
}

function exitedReason(proc) {
  if (!proc) return undefined
  const why = () => `Last lines of ${proc.logFile}:\n${tail(proc.logFile)}`
  if (proc.child.exitCode !== null)
    return `${proc.name} exited with code ${proc.child.exitCode}. ${why()}`
  // `medusa develop` outlives a server that fails to boot (it waits for a file change to retry).
  if (proc === running.medusa && /Error starting server/.test(tail(proc.logFile, 200))) {
    return `${proc.name} could not start. ${why()}`
  }
  return undefined
}

function printSummary(publishableKey, encryption) {
  const rel = (p) => (p.startsWith(ROOT + path.sep) ? path.relative(ROOT, p) : p)
  const lines = [
    "",
    `The demo shop is ready (${seconds(Date.now() - started)}).`,
    "",
    `  Storefront       ${config.storefrontUrl}`,
    `  Admin            ${config.adminUrl}`,
    `                   e-mail ${ADMIN.email}   password ${ADMIN.password}`,
    `  Platega sandbox  ${config.sandboxUrl}`,
    `                   test cards ${CARD_OK} (paid), ${CARD_DECLINED} (declined); SBP: press Pay`,
    `                   merchant ${DEMO_CREDENTIALS.merchantId}   secret ${DEMO_CREDENTIALS.secret}`,
    `  Store API        ${config.storeUrl}   publishable key ${publishableKey}`,
    `  Callbacks        ${config.callbackUrl}`,
    `  Platega settings ${config.adminUrl}/settings/platega`,
    `                   secrets saved there are encrypted with ${
      encryption.source === "environment"
        ? "PLATEGA_ENCRYPTION_KEY"
        : `the demo's key in ${rel(path.join(config.dataDir, "encryption-key"))}`
    }`,
    `  Logs             ${rel(config.logDir)}/`,
    "",
    "Buy something in the storefront, pay with SBP or a test card on the sandbox page, and find the",
    "order in the admin. Press Ctrl-C to stop; the shop is kept for the next start.",
  ]
  console.log(lines.join("\n"))
}

main().catch((error) => void shutdown(1, `The demo could not start:\n${error.message ?? error}`))
