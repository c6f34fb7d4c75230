// The demo's own PLATEGA_ENCRYPTION_KEY, so that secrets saved under Settings → Platega just work:
// made once, kept in the data folder (readable by its owner only), reused on every start. A key
// set in the environment wins. Losing this file makes saved secrets unreadable (enter them again).
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"

export const ENCRYPTION_KEY_FILE = "encryption-key"

/** Returns { key, source: "environment" | "created" | "kept" }. */
export function demoEncryptionKey(dataDir, env = process.env) {
  if (env.PLATEGA_ENCRYPTION_KEY) return { key: env.PLATEGA_ENCRYPTION_KEY, source: "environment" }
  const file = path.join(dataDir, ENCRYPTION_KEY_FILE)
  try {
    const kept = fs.readFileSync(file, "utf8").trim()
    if (kept) return { key: kept, source: "kept" }
  } catch (error) {
    if (error.code !== "ENOENT") throw error
  }
  const key = randomBytes(32).toString("base64")
  fs.mkdirSync(dataDir, { recursive: true })
  // "wx": two demos starting at once in one folder must not overwrite each other's key.
  try {
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" })
  } catch (error) {
    if (error.code === "EEXIST") return demoEncryptionKey(dataDir, env)
    throw error
  }
  return { key, source: "created" }
}
