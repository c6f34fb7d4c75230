#!/usr/bin/env node
// The package bin: runs the compiled sandbox CLI (`medusa plugin:build` puts src/ under .medusa/server).
"use strict"

let cli
try {
  cli = require("../.medusa/server/src/sandbox/cli.js")
} catch (err) {
  if (err && err.code === "MODULE_NOT_FOUND" && /sandbox[\\/]cli\.js/.test(String(err.message))) {
    process.stderr.write(
      "platega-sandbox: the compiled sandbox is missing; run `npm run build` first " +
        "(or `npx tsx src/sandbox/cli.ts` from a source checkout).\n",
    )
    process.exit(1)
  }
  throw err
}

cli.run(process.argv.slice(2))
