/**
 * The Platega payment providers as Medusa names them: `pp_<identifier>_<id>`, where `<id>` is the
 * `id` given to the provider in the store's medusa-config (the README uses `platega`).
 */
export const PLATEGA_IDENTIFIERS = {
  sbp: "platega-sbp",
  card: "platega-card",
  sberpay: "platega-sberpay",
  international_card: "platega-international-card",
  /** Any other method of the merchant's, registered under its own id (`pp_platega-method_3`). */
  method: "platega-method",
  subscription: "platega-subscription",
} as const

export type PlategaMethod = keyof typeof PLATEGA_IDENTIFIERS

/** `plategaProviderId("sbp")` → `"pp_platega-sbp_platega"`. */
export function plategaProviderId(method: PlategaMethod, id = "platega"): string {
  return `pp_${PLATEGA_IDENTIFIERS[method]}_${id}`
}

const BY_IDENTIFIER = new Map<string, PlategaMethod>(
  Object.entries(PLATEGA_IDENTIFIERS).map(([method, identifier]) => [
    identifier,
    method as PlategaMethod,
  ]),
)

/** Which Platega method a provider id stands for; undefined for any other provider. */
export function plategaMethodOf(providerId: string | null | undefined): PlategaMethod | undefined {
  const m = /^pp_(platega-[a-z-]+)_/.exec(providerId ?? "")
  return m ? BY_IDENTIFIER.get(m[1]) : undefined
}

export function isPlatega(providerId: string | null | undefined): boolean {
  return plategaMethodOf(providerId) !== undefined
}
