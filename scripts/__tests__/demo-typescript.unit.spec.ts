// How the demo's Medusa commands load the store's TypeScript (demo/runner/tsconfig.ts-node.json):
// ts-node, registered by Medusa's CLI, translates with swc and does not type-check. A type-checked
// load took most of a demo start, so a file with a type error must load, and decorators with their
// metadata (the plugin's module service uses them) must still work.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")
const PROJECT = path.join(ROOT, "demo", "runner", "tsconfig.ts-node.json")

// The emitted code records the parameter types through Reflect.metadata when it exists (Medusa
// loads reflect-metadata); a stand-in here.
const FIXTURE = `
const paramTypes = new Map<string, unknown[]>()
Object.assign(Reflect, {
  metadata: (name: string, value: unknown[]) => (_target: object, key: string) => {
    if (name === "design:paramtypes") paramTypes.set(key, value)
  },
})
const seen: string[] = []
function Mark(): MethodDecorator {
  return (_target, key) => {
    seen.push(String(key))
  }
}
class Service {
  @Mark()
  list(filter: object, limit: number): string {
    return "ok"
  }
}
// A type error: type-checked, this file would not load at all.
const wrong: number = "not a number"
const types = (paramTypes.get("list") ?? []).map((t) => (t as { name?: string }).name)
console.log(JSON.stringify({ seen, types, result: new Service().list({}, 1), wrong }))
`

describe("the demo's TypeScript loading", () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-ts-node-"))
    fs.writeFileSync(path.join(dir, "fixture.ts"), FIXTURE)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("translates with swc, without type checking, decorators and metadata included", () => {
    const out = execFileSync(
      process.execPath,
      [
        "-e",
        `require(${JSON.stringify(require.resolve("ts-node", { paths: [ROOT] }))}).register({})
         require(${JSON.stringify(path.join(dir, "fixture.ts"))})`,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_PROJECT: PROJECT, NODE_OPTIONS: "" },
        encoding: "utf8",
      },
    )
    expect(JSON.parse(out.trim())).toEqual({
      seen: ["list"],
      types: ["Object", "Number"],
      result: "ok",
      wrong: "not a number",
    })
  })
})
