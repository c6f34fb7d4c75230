"use client"
import { useEffect, useMemo, useRef, useState } from "react"
import { renderSVG } from "uqr"
import { isMobileDevice } from "../core/device.js"
import { watchPlategaPayment, type PlategaPaymentOutcome } from "../core/finish-payment.js"
import type { PlategaOrder, SdkCall } from "../core/medusa.js"
import type { StartedPlategaPayment } from "../core/start-payment.js"

export interface UsePlategaSbpWatchInput extends SdkCall {
  /** An SBP payment from startPlategaPayment with `qr: true` (or usePlategaPay). */
  payment: StartedPlategaPayment
  /** The cart became an order. Default: go to the payment's return page, which shows it. */
  onPaid?: (order: PlategaOrder) => void
  /** Phone (a link opening the bank app) or computer (a QR); default: guessed from the browser. */
  mobile?: boolean
  /** Between status checks (default 3 s). */
  intervalMs?: number
}

export interface PlategaSbpWatchState {
  status: PlategaPaymentOutcome["status"]
  /** The last check's outcome (the order once paid). */
  outcome?: PlategaPaymentOutcome
  /** The QR's text: an NSPK link that also opens the bank app on a phone. */
  qrText: string
  /** The QR as an SVG data URL, for an `<img>`. */
  qrImage: string
  mobile: boolean
}

/** The live status of an SBP payment shown on the store's page, for a store drawing its own QR block. */
export function usePlategaSbpWatch(input: UsePlategaSbpWatchInput): PlategaSbpWatchState {
  const { sdk, headers, payment, intervalMs } = input
  const [outcome, setOutcome] = useState<PlategaPaymentOutcome | undefined>()
  const [mobile, setMobile] = useState(input.mobile ?? false)
  const onPaid = useRef(input.onPaid)
  onPaid.current = input.onPaid
  useEffect(() => {
    setMobile(input.mobile ?? isMobileDevice())
  }, [input.mobile])
  const qrText = payment.qr ?? payment.redirect
  const qrImage = useMemo(
    () =>
      `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(qrText, { ecc: "M", pixelSize: 6 }))}`,
    [qrText],
  )
  useEffect(
    () =>
      watchPlategaPayment({
        sdk,
        headers,
        cartId: payment.cartId,
        intervalMs,
        onChange: (o) => {
          setOutcome(o)
          if (o.status !== "paid") return
          if (onPaid.current) onPaid.current(o.order)
          else window.location.assign(payment.returnUrl)
        },
      }),
    // One watch per payment.
    [payment.sessionId],
  )
  return { status: outcome?.status ?? "pending", outcome, qrText, qrImage, mobile }
}
