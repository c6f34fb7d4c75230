import fs from "node:fs"
import { builtinModules } from "node:module"
import path from "node:path"
import madge from "madge"

// The shape the package promises: no import circles, and nothing imported but its own dependencies
// and Node (never the plugin's client, never Medusa), so it stays an independent reading of the spec.

const SRC = path.resolve(__dirname, "..")
const PACKAGE = path.resolve(SRC, "..")
const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as {
  dependencies: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "__tests__" ? [] : sourceFiles(full)
    return e.name.endsWith(".ts") ? [full] : []
  })
}

/** Every module specifier of `import … from`, `export … from` and `import(…)`. */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const found: string[] = []
  const patterns = [
    /^(?:import|export)\b[^";]*?\bfrom\s+"([^"]+)"/gm,
    /^import\s+"([^"]+)"/gm,
    /\bimport\(\s*"([^"]+)"\s*\)/g,
  ]
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1])
  return found
}

describe("package architecture", () => {
  jest.setTimeout(60_000)

  it("has no import circles (madge)", async () => {
    const graph = await madge(SRC, {
      fileExtensions: ["ts"],
      tsConfig: path.join(PACKAGE, "tsconfig.json"),
      excludeRegExp: [/__tests__/],
    })
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(40)
    expect(graph.circular()).toEqual([])
  })

  it("imports only its own dependencies and Node built-ins, and nothing outside src/", () => {
    const allowed = new Set(Object.keys(pkg.dependencies))
    const problems: string[] = []
    for (const file of sourceFiles(SRC)) {
      const where = path.relative(PACKAGE, file)
      for (const spec of specifiers(file)) {
        if (spec.startsWith(".")) {
          const target = path.resolve(path.dirname(file), spec)
          if (!target.startsWith(SRC + path.sep)) problems.push(`${where}: ${spec} leaves src/`)
          continue
        }
        const name = spec.startsWith("@")
          ? spec.split("/").slice(0, 2).join("/")
          : spec.split("/")[0]
        if (spec.startsWith("node:") || builtinModules.includes(name)) continue
        if (!allowed.has(name)) problems.push(`${where}: ${spec} is not a dependency`)
      }
    }
    expect(problems).toEqual([])
  })
})
