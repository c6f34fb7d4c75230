import type { SdkCall } from "./medusa.js"
import { plategaMethodOf, type PlategaMethod } from "./providers.js"
import { plategaTexts, type PlategaLocale, type PlategaTexts } from "./texts.js"

/** What a checkout shows for one Platega provider. */
export interface PlategaMethodInfo {
  providerId: string
  method: PlategaMethod
  /** The name to show, in the locale asked for. */
  title: string
  /** Which of the kit's icons fits it (PlategaMethodIcon draws it). */
  icon: "qr" | "card" | "wallet"
}

export interface PlategaMethodInfoOptions {
  locale?: PlategaLocale
  /** The kit's texts to replace (e.g. `{ methods: { sbp: "Pay by QR" } }`). */
  texts?: Partial<PlategaTexts>
  /**
   * Titles by provider id, for the methods the store names in its options
   * (`pp_platega-method_3` → "ERIP"): from getPlategaMethodTitles, or written by hand. Without
   * one, such a method gets the generic "Other method".
   */
  titles?: Record<string, string>
}

const ICONS: Record<PlategaMethod, PlategaMethodInfo["icon"]> = {
  sbp: "qr",
  subscription: "qr",
  card: "card",
  international_card: "card",
  sberpay: "wallet",
  method: "wallet",
}

/** Title and icon of one Platega provider id; undefined for any other provider. */
export function plategaMethodInfo(
  providerId: string,
  options: PlategaMethodInfoOptions = {},
): PlategaMethodInfo | undefined {
  const method = plategaMethodOf(providerId)
  if (!method) return undefined
  const texts = plategaTexts(options.locale, options.texts)
  const title = options.titles?.[providerId] ?? texts.methods[method]
  return { providerId, method, title, icon: ICONS[method] }
}

/**
 * Title and icon of every Platega provider among `providers` (ids, or Medusa's provider objects
 * as `GET /store/payment-providers?region_id=…` lists them), keyed by id; others are left out.
 */
export function plategaMethodsInfo(
  providers: Iterable<string | { id: string }>,
  options: PlategaMethodInfoOptions = {},
): Record<string, PlategaMethodInfo> {
  const out: Record<string, PlategaMethodInfo> = {}
  for (const p of providers) {
    const info = plategaMethodInfo(typeof p === "string" ? p : p.id, options)
    if (info) out[info.providerId] = info
  }
  return out
}

/**
 * The titles the store's options give the methods it names (`pp_platega-method_<id>`, from
 * `GET /store/platega/methods`), by provider id: pass them as `titles`. The plugin's own methods
 * are left to the kit's texts, which speak the shopper's language.
 */
export async function getPlategaMethodTitles(input: SdkCall): Promise<Record<string, string>> {
  const { methods } = await input.sdk.client.fetch<{
    methods: { provider_id: string; title: string }[]
  }>("/store/platega/methods", { headers: input.headers })
  return Object.fromEntries(
    methods
      .filter((m) => plategaMethodOf(m.provider_id) === "method")
      .map((m) => [m.provider_id, m.title]),
  )
}
