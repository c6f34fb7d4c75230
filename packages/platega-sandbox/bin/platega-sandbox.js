#!/usr/bin/env node
// The package bin: runs the compiled CLI (`npm run build` writes it to dist/).
"use strict"

let cli
try {
  cli = require("../dist/cli.js")
} catch (err) {
  if (err && err.code === "MODULE_NOT_FOUND" && /dist[\\/]cli\.js/.test(String(err.message))) {
    process.stderr.write(
      "platega-sandbox: the compiled sandbox is missing; run `npm run build` in the package first.\n",
    )
    process.exit(1)
  }
  throw err
}

cli.run(process.argv.slice(2))
