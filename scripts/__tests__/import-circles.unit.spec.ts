// madge ships no types; the sandbox package declares the part of its API both specs use.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a script file of declarations, not a module
/// <reference path="../../packages/platega-sandbox/src/__tests__/madge.d.ts" />
import path from "node:path"
import madge from "madge"

// No two files of the plugin import each other, type imports included: a reader follows an import
// one way and finds where a thing lives, never a ring of files that each need the other.

const ROOT = path.resolve(__dirname, "..", "..")

/**
 * The one allowed ring: a DML relation names its model on both sides (Medusa resolves the
 * `() => Model` thunks lazily), so a subscription and its charges import each other.
 */
const MODEL_RELATIONS = [
  ["modules/platega/models/subscription-charge.ts", "modules/platega/models/subscription.ts"],
]

describe("imports", () => {
  jest.setTimeout(120_000)

  it("form no circles in src/ (madge), but for the DML relations of the models", async () => {
    const graph = await madge(path.join(ROOT, "src"), {
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(ROOT, "tsconfig.json"),
      excludeRegExp: [/__tests__/, /^admin\//],
    })
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300)
    expect(graph.circular()).toEqual(MODEL_RELATIONS)
  })
})
