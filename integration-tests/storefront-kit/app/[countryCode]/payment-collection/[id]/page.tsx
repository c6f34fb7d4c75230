"use client"
import { PlategaPaymentCollectionPage } from "medusa-payment-platega-storefront/react"
import { use } from "react"
import { localeOf } from "../../../locale"
import { sdk } from "../../../sdk"

export default function PaymentCollection(props: {
  params: Promise<{ countryCode: string; id: string }>
}) {
  const params = use(props.params)
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
