"use client"
import type { HttpTypes } from "@medusajs/types"
import {
  plategaMethodsInfo,
  plategaProviderId,
  plategaSessionOf,
  plategaStoreUrl,
} from "medusa-payment-platega-storefront"
import { PlategaPayButton } from "medusa-payment-platega-storefront/react"
import { useCallback, useEffect, useState } from "react"
import { StoreButton } from "../../../button"
import { localeOf } from "../../../locale"
import { sdk, storeSdk } from "../../../sdk"

const METHODS = ["sbp", "card"] as const
const FIELDS = "id,total,currency_code,*payment_collection,*payment_collection.payment_sessions"

/**
 * The payment step as Medusa's DTC starter has it: picking a method creates the payment session
 * without return addresses (no Platega transaction), then the kit's Pay button pays.
 */
export function Checkout(props: {
  countryCode: string
  cartId: string
  sbp: "inline" | "redirect"
}) {
  const { cartId, sbp } = props
  const locale = localeOf(props.countryCode)
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
  const titles = plategaMethodsInfo(
    METHODS.map((m) => plategaProviderId(m)),
    { locale },
  )
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
            {titles[plategaProviderId(method)].title}
          </label>
        ))}
      </fieldset>
      <PlategaPayButton
        sdk={sdk}
        cart={cart}
        returnUrl={() => plategaStoreUrl("/checkout/platega")}
        sbp={sbp}
        locale={locale}
        renderButton={StoreButton}
        disabled={!chosen}
        data-testid="pay-button"
      />
    </main>
  )
}
