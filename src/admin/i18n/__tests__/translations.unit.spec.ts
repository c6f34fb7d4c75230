import fs from "node:fs"
import path from "node:path"
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../../../lib/platega/codes"
import { SETTING_FIELDS } from "../../../modules/platega/settings"
import translations from "../index"

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") out.set(name, value)
    else for (const [k, v] of flatten(value, name)) out.set(k, v)
  }
  return out
}

/** i18next plural forms (stale_one, stale_few…) count as the one key they belong to. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "")
const en = flatten(translations.en.translation as unknown as Tree)
const ru = flatten(translations.ru.translation as unknown as Tree)
const keys = (m: Map<string, string>) => new Set([...m.keys()].map(base))
const has = (m: Map<string, string>, key: string) => keys(m).has(key)

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === "__tests__" ? [] : sources(p)
    return /\.tsx?$/.test(e.name) ? [p] : []
  })
}

describe("admin translations", () => {
  it("English and Russian have the same keys", () => {
    expect([...keys(ru)].sort()).toEqual([...keys(en)].sort())
  })

  it("no Russian text is left in English, and interpolations match", () => {
    for (const [key, text] of en) {
      const other = ru.get(key) ?? ru.get(`${base(key)}_other`) ?? ""
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
      expect({ key, vars: vars(other) }).toEqual({ key, vars: vars(text) })
      expect({ key, cyrillic: /[а-яё]/i.test(text) }).toEqual({ key, cyrillic: false })
    }
  })

  it("every key the extensions name literally exists", () => {
    const root = path.join(__dirname, "..", "..")
    const used = sources(root).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\bt\(\s*"(platega_[\w.]+)"/g)].map((m) => m[1]),
    )
    expect(used.length).toBeGreaterThan(50)
    expect(used.filter((k) => !has(en, k))).toEqual([])
  })

  it("every setting, source, outcome and order state has its texts", () => {
    const needed = [
      ...SETTING_FIELDS.flatMap(({ field }) => [
        `platega_settings.fields.${field}.label`,
        `platega_settings.fields.${field}.hint`,
      ]),
      ...["settings", "options", "default"].flatMap((s) => [
        `platega_settings.source.${s}`,
        `platega_settings.sourceHint.${s}`,
      ]),
      ...["ok", "wrong_credentials", "unreachable", "skipped"].map(
        (o) => `platega_settings.test.outcome.${o}`,
      ),
      ...["merchant", "payout_key"].map((c) => `platega_settings.test.calls.${c}`),
      ...["connected", "failed", "untested", "notConfigured"].map(
        (s) => `platega_settings.status.${s}`,
      ),
      ...["credentials", "checkout", "background"].map(
        (s) => `platega_settings.sections.${s}.title`,
      ),
      ...["headers", "kinds", "probe", "retries"].map(
        (k) => `platega_settings.callback.expects.${k}`,
      ),
      ...["semicolon", "comma", "tab", "pipe"].map((s) => `platega_settings.separators.${s}`),
      ...["update", "rotate"].map((a) => `platega_settings.audit.actions.${a}`),
      ...["paid", "pending", "canceled", "refunded", "chargeback", "unknown"].map(
        (s) => `platega_order.state.${s}`,
      ),
      ...["sbp", "card"].map((m) => `platega_order.methods.${m}`),
      // Platega's codes are shown as labels, never raw.
      ...Object.keys(TRANSACTION_STATUSES).map((s) => `platega_codes.transaction.${s}`),
      ...Object.values(PAYMENT_METHODS).map((m) => `platega_codes.method.${m.name}`),
      ...["interrupted", "stopped"].map((c) => `platega_exports.errors.${c}`),
    ]
    expect(needed.filter((k) => !has(en, k) || !has(ru, k))).toEqual([])
  })
})
