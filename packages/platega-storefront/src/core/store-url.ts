/**
 * A country or locale segment at the start of a storefront path: `ru` (Medusa's starters route
 * by country), `en-us`, `ru_RU`, `zh-hant`.
 */
const LOCALE_SEGMENT = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i

/** An address the kit reads when it needs it (in a browser), e.g. `() => plategaStoreUrl("/checkout")`. */
export type PlategaUrl = string | (() => string)

export interface PlategaStoreUrlOptions {
  /** The page the shopper is on; default: the browser's current page. */
  from?: string | URL
  /**
   * The prefix to keep from that page, for a routing scheme other than `/<country>/…`, e.g.
   * `(page) => page.pathname.split("/").slice(0, 3).join("/")` for `/shop/ru/…`, or `() => ""`
   * for a store whose country lives in its domain. Default: the page's first segment when it
   * reads as a country or locale code (`/ru/…`, `/en-us/…`), else nothing.
   */
  prefix?: (page: URL) => string
  /** Query parameters of the page to carry over, for a store that keeps the locale there (`?lang=ru`). */
  keepParams?: string[]
}

/** `/ru` for a page under `/ru/checkout`; "" for `/checkout`. */
export function countryPrefixOf(page: URL): string {
  const first = page.pathname.split("/")[1] ?? ""
  return LOCALE_SEGMENT.test(first) ? `/${first}` : ""
}

/**
 * The absolute address of `path` in the shopper's part of the store, on the page's own origin:
 * from `https://shop.example/ru/checkout?step=review`, `plategaStoreUrl("/checkout/platega")` is
 * `https://shop.example/ru/checkout/platega`. Platega sends the payer back there, so the page
 * comes back in the shopper's country and language rather than the store's default. An absolute
 * `path` is returned as it is; one that already starts with the prefix is not prefixed twice.
 */
export function plategaStoreUrl(path: string, options: PlategaStoreUrlOptions = {}): string {
  const from = options.from ?? (typeof window !== "undefined" ? window.location.href : undefined)
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return new URL(path).toString()
  if (!from) {
    throw new Error(
      `Platega: "${path}" needs the shopper's page to build an address on (pass \`from\` outside a browser)`,
    )
  }
  const page = new URL(from)
  const prefix = (options.prefix ?? countryPrefixOf)(page).replace(/\/+$/, "")
  const target = new URL(path, page)
  const alreadyPrefixed =
    prefix && (target.pathname === prefix || target.pathname.startsWith(`${prefix}/`))
  if (path.startsWith("/") && prefix && !alreadyPrefixed) target.pathname = prefix + target.pathname
  for (const name of options.keepParams ?? []) {
    const value = page.searchParams.get(name)
    if (value !== null && !target.searchParams.has(name)) target.searchParams.set(name, value)
  }
  return target.toString()
}

/** The address a PlategaUrl stands for, read now. */
export function resolvePlategaUrl(url: PlategaUrl): string {
  return typeof url === "function" ? url() : url
}
