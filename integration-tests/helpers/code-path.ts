import fs from "node:fs"
import { Session } from "node:inspector/promises"
import path from "node:path"

const SRC = path.resolve(__dirname, "../../src") + path.sep
/** The Platega client (HTTP, signing, the wire's schemas): a library under the plugin. */
const CLIENT = "lib/platega/"

/**
 * The getters the compiled CommonJS module reads its exports through (`get name() { return name }`,
 * or `get` alone for a file's only export):
 * reading a constant or a class of a file runs one, but no code of that file runs.
 */
const EXPORT_GETTER = /^get( \w+)?$/

export interface FilesRun {
  /** The plugin's own files whose code ran, relative to `src/`. */
  plugin: string[]
  /** The Platega client's files whose code ran (`src/lib/platega/`). */
  client: string[]
}

/**
 * The files of `src/` with code that ran while `work` ran, by V8's precise coverage: call counts
 * are reset when `work` starts and read when it ends, so a file counts only when a function of it
 * ran in that window, not when it was loaded, nor when one of its exports was only read. A file
 * that defines no function (an index that re-exports, a file of constants) is not counted.
 */
export async function filesRunBy(work: () => Promise<void>): Promise<FilesRun> {
  const session = new Session()
  session.connect()
  try {
    await session.post("Profiler.enable")
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false })
    await session.post("Profiler.takePreciseCoverage")
    await work()
    const { result } = await session.post("Profiler.takePreciseCoverage")
    await session.post("Profiler.stopPreciseCoverage")
    const files = new Set<string>()
    for (const script of result) {
      const file = script.url.startsWith("file://") ? new URL(script.url).pathname : script.url
      if (!file.startsWith(SRC) || file.includes(`${path.sep}__tests__${path.sep}`)) continue
      if (
        !script.functions.some((f) => f.ranges[0]?.count > 0 && !EXPORT_GETTER.test(f.functionName))
      )
        continue
      if (definesFunctions(file)) files.add(file.slice(SRC.length).split(path.sep).join("/"))
    }
    const all = [...files].sort()
    return {
      plugin: all.filter((f) => !f.startsWith(CLIENT)),
      client: all.filter((f) => f.startsWith(CLIENT)),
    }
  } finally {
    session.disconnect()
  }
}

function definesFunctions(file: string): boolean {
  const code = fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
  return /\bfunction\b|=>|\bclass\b|\b(async|get|set)\s+\w+\s*\(|^\s*\w+\s*\([^)]*\)\s*[:{]/m.test(
    code,
  )
}
