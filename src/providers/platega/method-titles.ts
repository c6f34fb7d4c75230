import { parseMethodOptions } from "./method-options"

/** `resolve` of the provider for any other method, from the package or from its source. */
const METHOD_RESOLVE = /(^|[/\\])providers[/\\]platega-method([/\\](index(\.[cm]?[jt]s)?)?)?$/
/** `resolve` of the plugin's main payment provider. */
const MAIN_RESOLVE = /(^|[/\\])providers[/\\]platega([/\\](index(\.[cm]?[jt]s)?)?)?$/

/** What a storefront shows for each of the plugin's own methods (Platega's pages are Russian). */
export const BUILT_IN_METHODS = [
  { identifier: "platega-sbp", method: 2, title: "СБП" },
  { identifier: "platega-card", method: 11, title: "Банковская карта" },
  { identifier: "platega-sberpay", method: 14, title: "SberPay" },
  { identifier: "platega-international-card", method: 12, title: "Карта иностранного банка" },
  { identifier: "platega-subscription", method: 6, title: "Подписка через СБП" },
] as const

interface MethodTitle {
  provider_id: string
  method: number
  title: string
}

interface ProviderEntry {
  resolve?: unknown
  id?: unknown
  options?: unknown
}

/**
 * Every Platega payment provider medusa-config.ts registers, with its method code and title: the
 * plugin's own ones, and one per `providers/platega-method` entry (its options name the method).
 */
export function methodTitlesFromConfig(configModule: unknown): MethodTitle[] {
  const modules = (configModule as { modules?: unknown } | undefined)?.modules
  const entries = Array.isArray(modules) ? modules : Object.values(modules ?? {})
  const out: MethodTitle[] = []
  for (const entry of entries as { options?: { providers?: ProviderEntry[] } }[]) {
    for (const provider of entry?.options?.providers ?? []) {
      if (typeof provider?.resolve !== "string" || typeof provider.id !== "string") continue
      if (MAIN_RESOLVE.test(provider.resolve)) {
        for (const m of BUILT_IN_METHODS) {
          out.push({
            provider_id: `pp_${m.identifier}_${provider.id}`,
            method: m.method,
            title: m.title,
          })
        }
      } else if (METHOD_RESOLVE.test(provider.resolve)) {
        const { method, title } = parseMethodOptions(provider.options)
        out.push({ provider_id: `pp_platega-method_${provider.id}`, method, title })
      }
    }
  }
  return out
}
