"use client"
import { PlategaPaymentCollectionPage } from "medusa-payment-platega-storefront/react"
import { sdk } from "../../sdk"

export default function PaymentCollection({ params }: { params: { id: string } }) {
  return (
    <main>
      <PlategaPaymentCollectionPage sdk={sdk} id={params.id} locale="ru" />
    </main>
  )
}
