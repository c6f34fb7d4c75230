"use client"
import { useState } from "react"
import { plategaSessionOf } from "../core/finish-payment.js"
import { messageOf, type PlategaCart, type SdkCall } from "../core/medusa.js"
import { plategaMethodOf, type PlategaMethod } from "../core/providers.js"
import {
  goToPayerPage,
  startPlategaPayment,
  type StartedPlategaPayment,
} from "../core/start-payment.js"
import { resolvePlategaUrl, type PlategaUrl } from "../core/store-url.js"

export interface UsePlategaPayInput extends SdkCall {
  cart: PlategaCart
  /** The Platega provider to pay with; default: the one of the cart's payment session. */
  providerId?: string
  /**
   * Where the payer comes back: absolute, relative, or a function read on "Pay", e.g.
   * `() => plategaStoreUrl("/checkout/platega")` to keep the shopper's country.
   */
  returnUrl: PlategaUrl
  failedUrl?: PlategaUrl
  /** SBP on this page ("inline", default: `payment` is set, show its QR) or on Platega's. */
  sbp?: "inline" | "redirect"
  onStarted?: (payment: StartedPlategaPayment) => void
  onError?: (error: unknown) => void
}

export interface PlategaPayState {
  providerId?: string
  /** undefined when the cart's session is not a Platega one: nothing to pay with. */
  method?: PlategaMethod
  busy: boolean
  error?: string
  /** SBP inline: the started payment whose QR to show (PlategaSbpQr or usePlategaSbpWatch). */
  payment?: StartedPlategaPayment
  /** Makes the one Platega transaction of this attempt; leaves for Platega unless SBP inline. */
  pay: () => Promise<void>
  /** Forgets the inline payment, e.g. after it failed, to pay again. */
  reset: () => void
}

/** The Pay of a Platega checkout, for a store that draws its own button. */
export function usePlategaPay(input: UsePlategaPayInput): PlategaPayState {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [payment, setPayment] = useState<StartedPlategaPayment | undefined>()
  const providerId = input.providerId ?? plategaSessionOf(input.cart)?.provider_id
  const method = plategaMethodOf(providerId)
  const inline = input.sbp !== "redirect"

  async function pay() {
    if (!providerId) return
    setBusy(true)
    setError(undefined)
    try {
      const started = await startPlategaPayment({
        sdk: input.sdk,
        headers: input.headers,
        cart: input.cart,
        providerId,
        returnUrl: resolvePlategaUrl(input.returnUrl),
        failedUrl: input.failedUrl ? resolvePlategaUrl(input.failedUrl) : undefined,
        qr: inline,
      })
      input.onStarted?.(started)
      if (started.method === "sbp" && inline) {
        setPayment(started)
        setBusy(false)
      } else {
        goToPayerPage(started)
      }
    } catch (e) {
      setBusy(false)
      setError(messageOf(e))
      input.onError?.(e)
    }
  }

  return { providerId, method, busy, error, payment, pay, reset: () => setPayment(undefined) }
}
