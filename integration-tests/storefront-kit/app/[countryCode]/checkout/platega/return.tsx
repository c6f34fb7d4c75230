"use client"
import { plategaStoreUrl } from "medusa-payment-platega-storefront"
import { PlategaReturnPage } from "medusa-payment-platega-storefront/react"
import { localeOf } from "../../../locale"
import { sdk } from "../../../sdk"

export function Return({ countryCode, cartId }: { countryCode: string; cartId?: string }) {
  return (
    <PlategaReturnPage
      sdk={sdk}
      locale={localeOf(countryCode)}
      timeoutMs={20_000}
      retryHref={cartId ? () => plategaStoreUrl(`/checkout/${cartId}`) : undefined}
    />
  )
}
