import type { PlategaLocale } from "medusa-payment-platega-storefront"

/** The kit's language for the page's country segment, as a store routed by country picks it. */
export const localeOf = (countryCode: string): PlategaLocale => (countryCode === "ru" ? "ru" : "en")
