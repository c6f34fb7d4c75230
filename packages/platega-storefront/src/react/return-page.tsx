"use client"
import { useCallback, useEffect, useRef, useState } from "react"
import { finishPlategaPayment, type PlategaPaymentOutcome } from "../core/finish-payment.js"
import { messageOf, type PlategaOrder, type SdkCall } from "../core/medusa.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaReturnPageProps extends SdkCall, TextProps {
  /** The cart paid for; default: the `cart_id` the kit put in the return address. */
  cartId?: string
  /**
   * The cart is an order: e.g. show the store's own confirmation page. Without it the component
   * shows "Paid" and the order number.
   */
  onOrder?: (order: PlategaOrder) => void
  /** Where "Try again" leads after a failed payment (default: back to the previous page). */
  retryHref?: string
  /** How long to wait out a pending payment before "not confirmed yet" (default 30 s). */
  timeoutMs?: number
  className?: string
}

type View = { status: "working" } | { status: "error"; message: string } | PlategaPaymentOutcome

/**
 * The page Platega sends the payer back to: turns the cart into an order, waiting out a payment
 * the bank has not confirmed yet and a callback completing the same cart; then the order, a
 * failure with "Try again", or "not confirmed yet" with "Check again".
 */
export function PlategaReturnPage(props: PlategaReturnPageProps) {
  const { sdk, headers, onOrder, timeoutMs, retryHref, className } = props
  const t = useTexts(props)
  const [view, setView] = useState<View>({ status: "working" })
  const onOrderRef = useRef(onOrder)
  onOrderRef.current = onOrder

  const check = useCallback(
    (signal?: AbortSignal) => {
      const cartId =
        props.cartId ?? new URLSearchParams(window.location.search).get("cart_id") ?? undefined
      if (!cartId) {
        setView({ status: "error", message: "cart_id is missing from the return address" })
        return
      }
      setView({ status: "working" })
      finishPlategaPayment({ sdk, headers, cartId, timeoutMs, signal })
        .then((outcome) => {
          if (signal?.aborted) return
          setView(outcome)
          if (outcome.status === "paid") onOrderRef.current?.(outcome.order)
        })
        .catch((e) => {
          if (!signal?.aborted) setView({ status: "error", message: messageOf(e) })
        })
    },
    [sdk, headers, props.cartId, timeoutMs],
  )

  useEffect(() => {
    const controller = new AbortController()
    check(controller.signal)
    return () => controller.abort()
  }, [check])

  const retry = retryHref ? (
    <a href={retryHref} data-testid="platega-try-again">
      {t.tryAgain}
    </a>
  ) : (
    <button type="button" onClick={() => window.history.back()} data-testid="platega-try-again">
      {t.tryAgain}
    </button>
  )

  return (
    <div className={className} data-testid="platega-return" data-status={view.status}>
      {view.status === "working" ? <p role="status">{t.confirming}</p> : null}
      {view.status === "paid" ? (
        <p role="status" data-testid="platega-paid">
          {t.paid}{" "}
          {view.order.display_id !== undefined ? t.orderNumber(view.order.display_id) : null}
        </p>
      ) : null}
      {view.status === "pending" ? (
        <>
          <p role="status">{t.notConfirmed}</p>
          <button type="button" onClick={() => check()} data-testid="platega-check-again">
            {t.checkAgain}
          </button>
        </>
      ) : null}
      {view.status === "failed" || view.status === "not_started" ? (
        <>
          <p role="alert" data-testid="platega-failed">
            {view.status === "failed" ? t.failed : t.notStarted}
          </p>
          {retry}
        </>
      ) : null}
      {view.status === "error" ? (
        <>
          <p role="alert">
            {t.error}: {view.message}
          </p>
          <button type="button" onClick={() => check()} data-testid="platega-check-again">
            {t.checkAgain}
          </button>
        </>
      ) : null}
    </div>
  )
}
