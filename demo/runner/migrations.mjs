// `medusa db:migrate` takes 20–40 s even when there is nothing to do, which is most of a warm
// restart. The demo remembers what it migrated with (Medusa's and the plugin's migrations, links
// and configuration) and skips the step while that stays the same.
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { ROOT } from "./config.mjs"

function filesUnder(dir, keep) {
  if (!fs.existsSync(dir)) return []
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== "__tests__") out.push(...filesUnder(full, keep))
    } else if (keep(full)) out.push(full)
  }
  return out.sort()
}

/** A hash of everything that changes what `db:migrate` would do. */
export function migrationFingerprint() {
  const hash = crypto.createHash("sha256")
  const inSrc = filesUnder(path.join(ROOT, "src"), (f) => {
    const rel = path.relative(ROOT, f).split(path.sep)
    return rel.includes("migrations") || rel[1] === "links"
  })
  for (const file of ["package-lock.json", "medusa-config.ts", ...inSrc]) {
    const full = path.resolve(ROOT, file)
    hash.update(path.relative(ROOT, full) + "\0")
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full))
  }
  return hash.digest("hex")
}

const stampFile = (dataDir) => path.join(dataDir, "migrated.json")

function readStamps(dataDir) {
  try {
    return JSON.parse(fs.readFileSync(stampFile(dataDir), "utf8"))
  } catch {
    return {}
  }
}

/** The stamp is kept per database, so a DATABASE_URL switch migrates the new one. */
export function alreadyMigrated(dataDir, databaseKey, fingerprint) {
  return readStamps(dataDir)[databaseKey] === fingerprint
}

export function rememberMigrated(dataDir, databaseKey, fingerprint) {
  const stamps = { ...readStamps(dataDir), [databaseKey]: fingerprint }
  fs.writeFileSync(stampFile(dataDir), JSON.stringify(stamps, null, 2) + "\n")
}
