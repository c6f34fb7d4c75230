"use client"
import { useEffect, useMemo, useState } from "react"
import { renderSVG } from "uqr"
import { isMobileDevice } from "../core/device.js"
import { watchPlategaPayment, type PlategaPaymentOutcome } from "../core/finish-payment.js"
import type { PlategaOrder, SdkCall } from "../core/medusa.js"
import type { StartedPlategaPayment } from "../core/start-payment.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaSbpQrProps extends SdkCall, TextProps {
  /** An SBP payment from startPlategaPayment. */
  payment: StartedPlategaPayment
  /** The cart became an order. Default: go to the payment's return page, which shows it. */
  onPaid?: (order: PlategaOrder) => void
  /** The payment failed; e.g. start a new one. Default: a "Try again" button reloading the page. */
  onRetry?: () => void
  /** Show the phone variant (a link opening the bank app) or the desktop one (a QR); default: guessed. */
  mobile?: boolean
  /** Between status checks (default 3 s). */
  intervalMs?: number
  className?: string
}

/**
 * SBP without leaving the store: on a computer, the QR to scan with the bank app, with the
 * payment's live status; on a phone, a link that opens the bank app. Watches until paid or failed.
 */
export function PlategaSbpQr(props: PlategaSbpQrProps) {
  const { sdk, headers, payment, onPaid, onRetry, intervalMs, className } = props
  const t = useTexts(props)
  const [outcome, setOutcome] = useState<PlategaPaymentOutcome | undefined>()
  const [mobile, setMobile] = useState(props.mobile ?? false)
  useEffect(() => {
    if (props.mobile === undefined) setMobile(isMobileDevice())
  }, [props.mobile])
  const qrText = payment.qr ?? payment.redirect
  const image = useMemo(
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
          if (onPaid) onPaid(o.order)
          else window.location.assign(payment.returnUrl)
        },
      }),
    // One watch per payment; callbacks are read when they fire.
    [payment.sessionId],
  )
  const status = outcome?.status ?? "pending"
  return (
    <div className={className} data-testid="platega-sbp" data-status={status}>
      {mobile ? (
        <a href={qrText} data-testid="platega-open-bank-app">
          {t.openBankApp}
        </a>
      ) : (
        <figure style={{ margin: 0 }}>
          <img src={image} alt={t.scanQr} width={240} height={240} data-testid="platega-qr" />
          <figcaption>{t.scanQr}</figcaption>
        </figure>
      )}
      <p role="status" data-testid="platega-sbp-status">
        {status === "paid" ? t.paid : status === "pending" ? t.waiting : t.failed}
      </p>
      {status === "failed" || status === "not_started" ? (
        <button type="button" onClick={onRetry ?? (() => window.location.reload())}>
          {t.tryAgain}
        </button>
      ) : (
        <a href={payment.redirect} data-testid="platega-payer-page">
          {t.openPayerPage}
        </a>
      )}
    </div>
  )
}
