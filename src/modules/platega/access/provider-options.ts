import { parsePlategaOptions, type PlategaOptions } from "../plugin-options"

/** `resolve` of the plugin's payment provider, from the package or from its source. */
const PROVIDER_RESOLVE = /(^|[/\\])providers[/\\]platega([/\\](index(\.[cm]?[jt]s)?)?)?$/

interface ProviderEntry {
  resolve?: unknown
  options?: unknown
}

/** The Platega provider's options exactly as written in medusa-config.ts (not validated). */
export function rawProviderOptionsFromConfig(configModule: unknown): unknown {
  const modules = (configModule as { modules?: unknown } | undefined)?.modules
  const entries = Array.isArray(modules) ? modules : Object.values(modules ?? {})
  for (const entry of entries as { options?: { providers?: ProviderEntry[] } }[]) {
    for (const provider of entry?.options?.providers ?? []) {
      if (typeof provider?.resolve === "string" && PROVIDER_RESOLVE.test(provider.resolve)) {
        return provider.options ?? {}
      }
    }
  }
  return undefined
}

/**
 * The Platega provider's options as written in medusa-config.ts, read from Medusa's loaded config.
 * This is how every process knows the credentials from boot, before any provider is constructed.
 */
export function providerOptionsFromConfig(configModule: unknown): PlategaOptions | undefined {
  const raw = rawProviderOptionsFromConfig(configModule)
  return raw === undefined ? undefined : parsePlategaOptions(raw)
}
