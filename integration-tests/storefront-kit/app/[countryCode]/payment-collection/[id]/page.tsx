"use client"
import { PlategaPaymentCollectionPage } from "medusa-payment-platega-storefront/react"
import { localeOf } from "../../../locale"
import { sdk } from "../../../sdk"

export default function PaymentCollection({
  params,
}: {
  params: { countryCode: string; id: string }
}) {
  return (
    <main>
      <PlategaPaymentCollectionPage
        sdk={sdk}
        id={params.id}
        locale={localeOf(params.countryCode)}
      />
    </main>
  )
}
