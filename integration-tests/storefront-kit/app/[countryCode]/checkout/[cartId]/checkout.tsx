"use client"
import type { HttpTypes } from "@medusajs/types"
import {
  plategaProviderId,
  plategaSessionOf,
  plategaTexts,
} from "medusa-payment-platega-storefront"
import { PlategaPayButton } from "medusa-payment-platega-storefront/react"
import { useCallback, useEffect, useState } from "react"
import { sdk, storeSdk } from "../../sdk"

const METHODS = ["sbp", "card"] as const
const FIELDS = "id,total,currency_code,*payment_collection,*payment_collection.payment_sessions"

/**
 * The payment step as Medusa's DTC starter has it: picking a method creates the payment session
 * without return addresses (no Platega transaction), then the kit's Pay button pays.
 */
export function Checkout({ cartId, sbp }: { cartId: string; sbp: "inline" | "redirect" }) {
  const [cart, setCart] = useState<HttpTypes.StoreCart | undefined>()
  const [error, setError] = useState<string | undefined>()
  const load = useCallback(async () => {
    const { cart } = await storeSdk().store.cart.retrieve(cartId, { fields: FIELDS })
    setCart(cart)
  }, [cartId])
  useEffect(() => {
    load().catch((e: Error) => setError(e.message))
  }, [load])

  async function choose(method: (typeof METHODS)[number]) {
    if (!cart) return
    await storeSdk().store.payment.initiatePaymentSession(cart, {
      provider_id: plategaProviderId(method),
    })
    await load()
  }

  if (error) return <p role="alert">{error}</p>
  if (!cart) return <p>…</p>
  const chosen = plategaSessionOf(cart)?.provider_id
  const texts = plategaTexts("en")
  return (
    <main data-testid="checkout">
      <h1>Checkout</h1>
      <p data-testid="cart-total">
        {cart.total} {cart.currency_code.toUpperCase()}
      </p>
      <fieldset>
        {METHODS.map((method) => (
          <label key={method} style={{ display: "block" }}>
            <input
              type="radio"
              name="method"
              checked={chosen === plategaProviderId(method)}
              onChange={() => choose(method)}
              data-testid={`payment-option-${method}`}
            />
            {texts.methods[method]}
          </label>
        ))}
      </fieldset>
      <PlategaPayButton
        sdk={sdk}
        cart={cart}
        returnUrl="/platega/return"
        sbp={sbp}
        disabled={!chosen}
        data-testid="pay-button"
      />
    </main>
  )
}
