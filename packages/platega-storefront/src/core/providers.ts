/**
 * The Platega payment providers as Medusa names them: `pp_<identifier>_<id>`, where `<id>` is the
 * `id` given to the provider in the store's medusa-config (the README uses `platega`).
 */
export const PLATEGA_IDENTIFIERS = {
  sbp: "platega-sbp",
  card: "platega-card",
  subscription: "platega-subscription",
} as const

export type PlategaMethod = keyof typeof PLATEGA_IDENTIFIERS

/** `plategaProviderId("sbp")` → `"pp_platega-sbp_platega"`. */
export function plategaProviderId(method: PlategaMethod, id = "platega"): string {
  return `pp_${PLATEGA_IDENTIFIERS[method]}_${id}`
}

const PROVIDER = /^pp_platega-(sbp|card|subscription)_/

/** Which Platega method a provider id stands for; undefined for any other provider. */
export function plategaMethodOf(providerId: string | null | undefined): PlategaMethod | undefined {
  const m = PROVIDER.exec(providerId ?? "")
  return m ? (m[1] as PlategaMethod) : undefined
}

export function isPlatega(providerId: string | null | undefined): boolean {
  return plategaMethodOf(providerId) !== undefined
}
