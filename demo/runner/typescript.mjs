// The TypeScript of the store (medusa-config.ts, src/, demo/seed.ts) runs from source in every
// Medusa command of the demo, through the ts-node that Medusa's CLI registers. Left to its defaults,
// ts-node type-checks each file as it loads it: on a 2-core machine that was about a minute of every
// server start, and most of the first start's migrations and seed. The demo has the files only
// translated, by swc (tsconfig.ts-node.json here); DEMO_TYPECHECK=1 keeps the type checking.
import path from "node:path"
import { ROOT } from "./config.mjs"

export const TS_NODE_PROJECT = path.join(ROOT, "demo", "runner", "tsconfig.ts-node.json")

/** Environment for a Medusa command: ts-node without type checking, unless `typeCheck`. */
export function typescriptEnv({ typeCheck }) {
  return typeCheck ? {} : { TS_NODE_PROJECT }
}
