"use client"
import { useState, type ReactNode } from "react"
import { plategaSessionOf } from "../core/finish-payment.js"
import { messageOf, type PlategaCart, type PlategaOrder, type SdkCall } from "../core/medusa.js"
import { plategaMethodOf } from "../core/providers.js"
import {
  goToPayerPage,
  startPlategaPayment,
  type StartedPlategaPayment,
} from "../core/start-payment.js"
import { PlategaSbpQr } from "./sbp-qr.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaPayButtonProps extends SdkCall, TextProps {
  cart: PlategaCart
  /** The Platega provider to pay with; default: the one of the cart's payment session. */
  providerId?: string
  /** Where the payer comes back (absolute or relative); the return page lives there. */
  returnUrl: string
  failedUrl?: string
  /** SBP on this page ("inline": a QR on a computer, a bank-app link on a phone) or on Platega's. */
  sbp?: "inline" | "redirect"
  /** SBP inline: the cart became an order. Default: go to the return page, which shows it. */
  onPaid?: (order: PlategaOrder) => void
  onStarted?: (payment: StartedPlategaPayment) => void
  onError?: (error: unknown) => void
  disabled?: boolean
  className?: string
  children?: ReactNode
  "data-testid"?: string
}

/**
 * The checkout's Pay button for a Platega method: makes the one Platega transaction of this
 * attempt and sends the payer to Platega, or, for SBP inline, shows the QR with its live status.
 */
export function PlategaPayButton(props: PlategaPayButtonProps) {
  const { sdk, headers, cart, returnUrl, failedUrl, onStarted, onError, onPaid } = props
  const t = useTexts(props)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [inline, setInline] = useState<StartedPlategaPayment | undefined>()
  const providerId = props.providerId ?? plategaSessionOf(cart)?.provider_id
  const method = plategaMethodOf(providerId)

  async function pay() {
    if (!providerId) return
    setBusy(true)
    setError(undefined)
    try {
      const payment = await startPlategaPayment({
        sdk,
        headers,
        cart,
        providerId,
        returnUrl,
        failedUrl,
        qr: props.sbp !== "redirect",
      })
      onStarted?.(payment)
      if (payment.method === "sbp" && props.sbp !== "redirect") {
        setInline(payment)
        setBusy(false)
      } else {
        goToPayerPage(payment)
      }
    } catch (e) {
      setBusy(false)
      setError(messageOf(e))
      onError?.(e)
    }
  }

  if (inline) {
    return (
      <PlategaSbpQr
        sdk={sdk}
        headers={headers}
        payment={inline}
        onPaid={onPaid}
        onRetry={() => setInline(undefined)}
        locale={props.locale}
        texts={props.texts}
      />
    )
  }
  return (
    <>
      <button
        type="button"
        className={props.className}
        onClick={pay}
        disabled={props.disabled || busy || !method}
        aria-busy={busy}
        data-testid={props["data-testid"] ?? "platega-pay-button"}
      >
        {busy ? t.starting : (props.children ?? t.pay)}
      </button>
      {error ? (
        <p role="alert" data-testid="platega-pay-error">
          {error}
        </p>
      ) : null}
    </>
  )
}
