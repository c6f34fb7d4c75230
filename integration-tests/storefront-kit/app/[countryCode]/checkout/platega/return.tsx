"use client"
import { PlategaReturnPage } from "medusa-payment-platega-storefront/react"
import { sdk } from "../../sdk"

export function Return({ retryHref }: { retryHref?: string }) {
  return <PlategaReturnPage sdk={sdk} locale="ru" timeoutMs={20_000} retryHref={retryHref} />
}
