import fs from "node:fs"

/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by package, so a
 * reader sees where the time goes without opening DevTools.
 *   npx tsx bench/support/profile-summary.ts <file.cpuprofile> [top]
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileLine {
  name: string
  ms: number
  share: number
}

/** Where a frame lives: a package name, a project file, node internals or V8. */
export function owner(url: string): string {
  if (!url) return "(native/V8)"
  const nm = url.lastIndexOf("node_modules/")
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/")
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.startsWith("node:")) return url
  const src = url.search(/\/(src|bench|integration-tests)\//)
  return src >= 0 ? url.slice(src + 1).replace(/^file:\/\//, "") : url
}

export function summarise(
  file: string,
  top = 25,
): { byFunction: ProfileLine[]; byOwner: ProfileLine[]; totalMs: number } {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  // Not the program's work: idle time, and the profiler itself. Started in-process (the
  // benchmarks' hook), V8 books the idle event loop under the inspector's native "dispatch".
  const skip = new Set<number>()
  const mark = (n: ProfileNode, inHook: boolean) => {
    const f = n.callFrame
    const here = inHook || f.url.endsWith("profile-hook.cjs")
    if (here || (f.functionName === "dispatch" && !f.url)) skip.add(n.id)
    for (const c of n.children ?? []) mark(byId.get(c)!, here)
  }
  mark(profile.nodes[0], false)
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    if (!skip.has(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const fn = new Map<string, number>()
  const own = new Map<string, number>()
  let total = 0
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id)!
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue
    total += us
    const key = `${f.functionName || "(anonymous)"} ${owner(f.url)}:${f.lineNumber + 1}`
    fn.set(key, (fn.get(key) ?? 0) + us)
    const o = f.functionName === "(garbage collector)" ? "(garbage collector)" : owner(f.url)
    own.set(o, (own.get(o) ?? 0) + us)
  }
  const lines = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({
        name,
        ms: Math.round(us / 1000),
        share: Math.round((us / total) * 1000) / 10,
      }))
  return { byFunction: lines(fn), byOwner: lines(own), totalMs: Math.round(total / 1000) }
}

if (require.main === module) {
  const [file, top] = process.argv.slice(2)
  const s = summarise(file, Number(top ?? 25))
  console.log(`busy ${s.totalMs} ms (idle excluded)\n\nby package / file`)
  for (const l of s.byOwner) console.log(`  ${String(l.share).padStart(5)}%  ${l.name}`)
  console.log("\nby function (self time)")
  for (const l of s.byFunction) console.log(`  ${String(l.share).padStart(5)}%  ${l.name}`)
}
