"use client"
import { PlategaReturnPage } from "medusa-payment-platega-storefront/react"
import { sdk } from "../../sdk"

export default function ReturnPage() {
  return (
    <main>
      <PlategaReturnPage sdk={sdk} locale="ru" timeoutMs={20_000} />
    </main>
  )
}
