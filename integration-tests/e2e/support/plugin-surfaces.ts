// Where the plugin shows itself in the admin, found from its sources: every route under
// src/admin/routes (a page) and every widget under src/admin/widgets (with its zones). A page or
// widget added later is walked without touching the walk.
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..", "..")

const ADMIN = path.join(ROOT, "src", "admin")

export interface PluginPage {
  /** The dashboard path, Medusa's way: `routes/a/[id]/page.tsx` → `/a/:id`. */
  path: string
  /** The route's parameters (`id` for `[id]`). */
  params: string[]
  file: string
}

export interface PluginWidget {
  file: string
  zones: string[]
}

function files(dir: string, match: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "__tests__" ? [] : files(p, match)
    return match(e.name) ? [p] : []
  })
}

export function pluginPages(): PluginPage[] {
  const routes = path.join(ADMIN, "routes")
  return files(routes, (n) => /^page\.(tsx|jsx|ts|js)$/.test(n))
    .map((file) => {
      const segments = path.relative(routes, path.dirname(file)).split(path.sep)
      const params = segments.flatMap((s) => /^\[(\w+)\]$/.exec(s)?.[1] ?? [])
      const route = segments.map((s) => s.replace(/^\[(\w+)\]$/, ":$1")).join("/")
      return { path: `/${route}`, params, file: path.relative(ROOT, file) }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}

export function pluginWidgets(): PluginWidget[] {
  return files(path.join(ADMIN, "widgets"), (n) => /\.(tsx|jsx)$/.test(n)).map((file) => {
    const source = fs.readFileSync(file, "utf8")
    const config = /defineWidgetConfig\(\s*\{([\s\S]*?)\}\s*\)/.exec(source)?.[1] ?? ""
    const zones = [...config.matchAll(/"([a-z_]+\.[a-z_.]+)"/g)].map((m) => m[1])
    return { file: path.relative(ROOT, file), zones }
  })
}

/**
 * Latin-letter words the owner may see in a Russian admin: proper names, codes and ids they need.
 * Anything else in Latin letters on a plugin page, in Russian, is a text left untranslated.
 */
export const LATIN_ALLOWED = new Set([
  // Names of the product, the store and the services.
  "Platega",
  "Medusa",
  "SberPay",
  "Excel",
  "Visa",
  "Mastercard",
  "UnionPay",
  // File formats and codes people type or look up.
  "CSV",
  "XLSX",
  "JSON",
  "QR",
  "API",
  "ID",
  "UUID",
  "ISO",
  "IANA",
  "HTTP",
  "http",
  "https",
  "URL",
  "RUB",
  "USDT",
  "PG-HMAC",
  "PAY-HMAC",
  // Names of fields in Platega's dashboard and answers that the owner looks for there.
  "Callback",
  "X-MerchantId",
  "X-Secret",
  "payload",
  "traceId",
  // The store's own configuration the owner edits (medusa-config.ts).
  "storeCors",
])

/** Texts that are data, not words: e-mails, addresses, ids, time zone names, key fingerprints. */
const DATA = [
  /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, // e-mail
  /\bhttps?:\/\/\S+/g, // URL
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, // UUID
  /\b[a-z]+_[0-9A-Z]{20,}\b/g, // Medusa ids (order_01…, plsub_01…)
  /\b[A-Z][a-z]+\/[A-Za-z_]+(\/[A-Za-z_]+)?\b/g, // IANA time zone (Europe/Moscow)
  /\/[\w/{}:.-]+/g, // paths (/hooks/platega)
  /\b[0-9a-f]{6,}\b/gi, // hex digests
  /•+\s*\S{1,4}/g, // a secret's last characters
  /\{[a-z_]+\}/g, // template tokens ({store}, {cart_id})
  /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b/g, // environment variables (MEDUSA_BACKEND_URL)
  /\b[\w-]+\.(ts|js|json|csv|xlsx)\b/g, // file names (medusa-config.ts)
  /\bx{8}-x{4}-x{4}-x{4}-x{12}\b/g, // a UUID's placeholder
  /\bopenssl rand -base64 \d+/g, // the command that makes a key
  /\b(cloudflared tunnel --url|ngrok http)\b/g, // the tunnel commands
  /\blocalhost\b|\b\d+(\.\d+)*\.x\b/g, // local and private addresses (10.x, 192.168.x)
]

/**
 * The Latin-letter words of `text` that are neither data nor on the allow-list, each with a little
 * of the text around it (to find it on the page).
 */
export function untranslated(text: string): string[] {
  let rest = text
  for (const pattern of DATA) rest = rest.replace(pattern, (m) => " ".repeat(m.length))
  const found = new Map<string, string>()
  for (const m of rest.matchAll(/[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*/g)) {
    if (LATIN_ALLOWED.has(m[0]) || found.has(m[0])) continue
    const at = m.index ?? 0
    found.set(m[0], `${m[0]} («${text.slice(Math.max(0, at - 25), at + m[0].length + 25).trim()}»)`)
  }
  return [...found.values()]
}
