import fs from "node:fs"
import type { Profiler } from "node:inspector"
import { Session } from "node:inspector/promises"
import path from "node:path"
import v8ToIstanbul from "v8-to-istanbul"

const SRC = path.resolve(__dirname, "../../src") + path.sep
/** The Platega client (HTTP, signing, the wire's schemas): a library under the plugin. */
const CLIENT = "lib/platega/"

/** Lines of plugin source whose code ran, per file relative to `src/`. */
export interface LinesRun {
  /** The plugin's own files (everything in `src/` but the client). */
  plugin: Map<string, number>
  /** The Platega client's files (`src/lib/platega/`). */
  client: Map<string, number>
  pluginLines: number
  clientLines: number
  total: number
}

// V8 gives a function its block counters only when it compiles it, so block coverage starts when
// this module loads: a spec imports it first, before anything of the plugin is compiled (else whole
// functions count for the one branch they took). It stays on for the spec, and so does the
// debugger, which alone hands out the source V8 ran: disabling it drops every block counter.
const session = new Session()
session.connect()
const started = (async () => {
  await session.post("Debugger.enable")
  await session.post("Profiler.enable")
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true })
})()
afterAll(async () => {
  await started
  await session.post("Profiler.stopPreciseCoverage")
  await session.post("Debugger.disable")
  session.disconnect()
})

/**
 * Counts, for a piece of work, the lines of `src/` (tests excluded) a reader follows: lines of the
 * original TypeScript inside functions and blocks that ran while the work ran, by V8's block
 * coverage mapped through the transformer's source maps (v8-to-istanbul, as jest's own coverage
 * does). A module's top level (what runs on load), a branch not taken, a function not called, a
 * blank or comment line, and the getters the compiled module reads its exports through do not
 * count.
 */
export async function linesRunBy(work: () => Promise<void>): Promise<LinesRun> {
  await started
  // Taking the coverage resets its counts: only what runs from here on counts.
  await session.post("Profiler.takePreciseCoverage")
  await work()
  const { result } = await session.post("Profiler.takePreciseCoverage")
  const scripts = result.filter((s) => {
    const file = fileOf(s.url)
    return file.startsWith(SRC) && !/[\\/]__tests__[\\/]|\.spec\.ts$/.test(file)
  })
  const plugin = new Map<string, number>()
  const client = new Map<string, number>()
  for (const script of scripts) {
    if (!script.functions.some((f) => f.ranges[0].count > 0)) continue
    // What V8 ran: jest's module wrapper around the transformed code and its inline source map.
    const { scriptSource } = await session.post("Debugger.getScriptSource", {
      scriptId: script.scriptId,
    })
    const lines = await linesRun(fileOf(script.url), scriptSource, script.functions)
    const name = fileOf(script.url).slice(SRC.length).split(path.sep).join("/")
    if (lines > 0) (name.startsWith(CLIENT) ? client : plugin).set(name, lines)
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)
  const pluginLines = sum(plugin)
  const clientLines = sum(client)
  return { plugin, client, pluginLines, clientLines, total: pluginLines + clientLines }
}

/** What a report prints: the total, plugin and client apart, then each file, most lines first. */
export function describeLines(name: string, run: LinesRun): string {
  const files = [...run.plugin, ...run.client].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return [
    `${name}: ${run.total} lines (plugin ${run.pluginLines}, client ${run.clientLines})`,
    ...files.map(([file, n]) => `  ${String(n).padStart(4)}  ${file}`),
  ].join("\n")
}

function fileOf(url: string): string {
  return url.startsWith("file://") ? new URL(url).pathname : url
}

/** `get name() { return name }`: how the compiled module exports; reading an export runs one. */
const EXPORT_GETTER = /^get( \w+)?$/

async function linesRun(
  file: string,
  scriptSource: string,
  functions: Profiler.FunctionCoverage[],
): Promise<number> {
  // jest runs `({"Object.<anonymous>":function(module,exports,…){<code>\n}});`
  const wrapped = scriptSource.startsWith("({")
  const wrapperLength = wrapped ? scriptSource.indexOf("){") + 2 : 0
  const code = wrapped
    ? scriptSource.slice(wrapperLength, scriptSource.lastIndexOf("\n}});"))
    : scriptSource
  const converter = v8ToIstanbul(file, wrapperLength, { source: code })
  await converter.load()
  // Everything starts as not run (v8-to-istanbul counts a line V8 says nothing of as run); then
  // each function, outer before inner, so that a function not called inside one that ran, or one
  // that ran inside a branch not taken, counts as itself. The module's own function (its top
  // level) starts in the wrapper and is left out, as are the export getters.
  const notRun = { functionName: "(empty-report)", isBlockCoverage: true }
  const ranges = [{ startOffset: 0, endOffset: code.length, count: 0 }]
  const inCode = functions
    .filter((f) => f.ranges[0].startOffset >= wrapperLength && !EXPORT_GETTER.test(f.functionName))
    .sort(
      (a, b) =>
        a.ranges[0].startOffset - b.ranges[0].startOffset ||
        b.ranges[0].endOffset - a.ranges[0].endOffset,
    )
  converter.applyCoverage([{ ...notRun, ranges }, ...inCode])
  const source = fs.readFileSync(file, "utf8").split(/\r?\n/)
  let lines = 0
  for (const data of Object.values(converter.toIstanbul())) {
    for (const [i, loc] of Object.entries(data.statementMap)) {
      const text = source[loc.start.line - 1]?.trim() ?? ""
      if (data.s[i] > 0 && text && !/^(\/\/|\/\*|\*)/.test(text)) lines++
    }
  }
  return lines
}
