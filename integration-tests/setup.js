// Medusa's test runner boots the app several times in one process: start each file with clean ORM metadata.
const { MetadataStorage } = require("@mikro-orm/core")

MetadataStorage.clear()

// Medusa's runner restores the test database before every test: it ends the app's pooled
// connections, and knex logs each ending ("Connection Error: Connection ended unexpectedly"),
// about 730 times in a full run, half of its output. Only that one line is dropped, so that the
// output shows the failures; a real connection failure still fails its test.
const log = console.log
console.log = (...args) => {
  if (
    typeof args[0] === "string" &&
    args[0].includes("Connection Error: Connection ended unexpectedly")
  )
    return
  log(...args)
}
