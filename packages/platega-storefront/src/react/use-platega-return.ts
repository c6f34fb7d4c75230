"use client"
import { useCallback, useEffect, useRef, useState } from "react"
import { finishPlategaPayment, type PlategaPaymentOutcome } from "../core/finish-payment.js"
import { messageOf, type PlategaOrder, type SdkCall } from "../core/medusa.js"

export interface UsePlategaReturnInput extends SdkCall {
  /** The cart paid for; default: the `cart_id` the kit put in the return address. */
  cartId?: string
  /** The cart is an order. */
  onOrder?: (order: PlategaOrder) => void
  /** How long to wait out a pending payment before "not confirmed yet" (default 30 s). */
  timeoutMs?: number
}

/** Where the return page stands: working, an outcome of the payment, or an error reading it. */
export type PlategaReturnView =
  { status: "working" } | { status: "error"; message: string } | PlategaPaymentOutcome

export interface PlategaReturnState {
  view: PlategaReturnView
  /** Asks again ("Check again"). */
  check: () => void
}

/**
 * The page Platega sends the payer back to, for a store drawing its own: turns the cart into an
 * order once on arrival, waiting out a payment not confirmed yet and a callback completing it.
 */
export function usePlategaReturn(input: UsePlategaReturnInput): PlategaReturnState {
  const { sdk, headers, timeoutMs } = input
  const [view, setView] = useState<PlategaReturnView>({ status: "working" })
  const onOrder = useRef(input.onOrder)
  onOrder.current = input.onOrder

  const run = useCallback(
    (signal?: AbortSignal) => {
      const cartId =
        input.cartId ?? new URLSearchParams(window.location.search).get("cart_id") ?? undefined
      if (!cartId) {
        setView({ status: "error", message: "cart_id is missing from the return address" })
        return
      }
      setView({ status: "working" })
      finishPlategaPayment({ sdk, headers, cartId, timeoutMs, signal })
        .then((outcome) => {
          if (signal?.aborted) return
          setView(outcome)
          if (outcome.status === "paid") onOrder.current?.(outcome.order)
        })
        .catch((e) => {
          if (!signal?.aborted) setView({ status: "error", message: messageOf(e) })
        })
    },
    [sdk, headers, input.cartId, timeoutMs],
  )

  useEffect(() => {
    const controller = new AbortController()
    run(controller.signal)
    return () => controller.abort()
  }, [run])

  return { view, check: () => run() }
}
