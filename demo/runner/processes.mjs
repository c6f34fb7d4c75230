// Child processes of the demo. Each runs in its own process group (detached), so stopping it also
// stops what it started (`medusa develop` forks the real server; tsx forks node), and so a Ctrl-C in
// the terminal reaches only the demo, which then shuts everything down in order.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"

/**
 * Starts `command args` with its output in `logFile` (and on the terminal when `verbose`).
 * Returns { name, child, logFile, exited: Promise<{code, signal}> }.
 */
export function startChild({ name, command, args, cwd, env, logFile, verbose }) {
  const out = fs.openSync(logFile, "w")
  const child = spawn(command, args, {
    cwd,
    env: withParentWatch(env),
    detached: true,
    stdio: verbose ? ["ignore", "inherit", "inherit"] : ["ignore", out, out],
  })
  fs.closeSync(out)
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }))
    child.on("error", (error) => resolve({ code: null, signal: null, error }))
  })
  return { name, child, logFile, exited, running: () => child.exitCode === null && !child.killed }
}

const PARENT_WATCH = fileURLToPath(new URL("./parent-watch.cjs", import.meta.url))

/**
 * Every Node process of the demo (and what it forks) watches the demo's pid and stops when the
 * demo is gone, however it ended: children never outlive it.
 */
function withParentWatch(env = process.env) {
  const require = `--require ${JSON.stringify(PARENT_WATCH)}`
  const options = env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${require}` : require
  return { ...env, NODE_OPTIONS: options, DEMO_PARENT_PID: String(process.pid) }
}

/**
 * Runs a command to completion; rejects with the log's tail when it fails. `track` receives the
 * process while it runs, so a Ctrl-C in the middle can stop it too.
 */
export async function runToEnd(options, track = () => {}) {
  const proc = startChild(options)
  track(proc)
  const { code, signal, error } = await proc.exited
  if (code !== 0) {
    const why = error ? error.message : signal ? `signal ${signal}` : `exit code ${code}`
    throw new Error(
      `${options.name} failed (${why}). Last lines of ${options.logFile}:\n${tail(options.logFile)}`,
    )
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false // the group is already gone
  }
}

function groupAlive(pid) {
  return signalGroup(pid, 0)
}

/** SIGTERM to the whole group, then SIGKILL to what is still there after `graceMs`. */
export async function stopChild(proc, graceMs = 15_000) {
  const pid = proc?.child?.pid
  if (!pid || !groupAlive(pid)) return
  signalGroup(pid, "SIGTERM")
  const deadline = Date.now() + graceMs
  while (Date.now() < deadline && groupAlive(pid)) await sleep(200)
  if (groupAlive(pid)) signalGroup(pid, "SIGKILL")
}

export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
  } catch {
    return "(no log)"
  }
}

/** The demo's long-running children, written down so a demo killed with -9 can be cleaned up. */
export function rememberChildren(file, procs) {
  const entries = procs.filter(Boolean).map((p) => ({ name: p.name, pid: p.child.pid }))
  fs.writeFileSync(file, JSON.stringify(entries, null, 2) + "\n")
}

export function forgetChildren(file) {
  fs.rmSync(file, { force: true })
}

/** Commands of the processes in group `pgid` (the leader may be gone while others remain). */
function groupCommands(pgid) {
  try {
    return execFileSync("ps", ["-A", "-o", "pgid=,command="], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim().match(/^(\d+)\s+(.*)$/))
      .filter((m) => m && Number(m[1]) === pgid)
      .map((m) => m[2])
  } catch {
    return []
  }
}

/**
 * Stops what an earlier demo left running (it was killed before it could clean up). Only process
 * groups running a command from this checkout (`marker`) are touched.
 */
export async function stopLeftovers(file, marker, log) {
  let entries = []
  try {
    entries = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return
  }
  for (const { name, pid } of entries) {
    if (!groupAlive(pid) || !groupCommands(pid).some((c) => c.includes(marker))) continue
    log(`stopping the ${name} left running by an earlier demo (pid ${pid})`)
    await stopChild({ child: { pid } }, 10_000)
  }
  forgetChildren(file)
}
