"use client"
import { KitButton, partLook, type LookProps } from "./look.js"
import { usePlategaSbpWatch, type UsePlategaSbpWatchInput } from "./use-sbp-watch.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaSbpQrProps extends UsePlategaSbpWatchInput, TextProps, LookProps {
  /** The payment failed; e.g. start a new one. Default: a "Try again" button reloading the page. */
  onRetry?: () => void
  /** The card's class (the same as `classNames.root`). */
  className?: string
}

/**
 * SBP without leaving the store: on a computer, the QR to scan with the bank app, with the
 * payment's live status; on a phone, a link that opens the bank app. Watches until paid or failed.
 */
export function PlategaSbpQr(props: PlategaSbpQrProps) {
  const t = useTexts(props)
  const { status, qrText, qrImage, mobile } = usePlategaSbpWatch(props)
  const look: LookProps = { ...props, classNames: { root: props.className, ...props.classNames } }
  const failed = status === "failed" || status === "not_started"
  return (
    <div data-testid="platega-sbp" data-status={status} {...partLook(look, "root")}>
      {mobile ? (
        <a href={qrText} data-testid="platega-open-bank-app" {...partLook(look, "link")}>
          {t.openBankApp}
        </a>
      ) : (
        // display: contents: the card (root) lays out the QR and its caption itself.
        <figure style={{ margin: 0, display: "contents" }}>
          <img
            src={qrImage}
            alt={t.scanQr}
            width={240}
            height={240}
            data-testid="platega-qr"
            {...partLook(look, "qr")}
          />
          <figcaption {...partLook(look, "caption")}>{t.scanQr}</figcaption>
        </figure>
      )}
      <p
        role={failed ? "alert" : "status"}
        data-testid="platega-sbp-status"
        {...partLook(look, failed ? "error" : "status")}
      >
        {status === "paid" ? t.paid : status === "pending" ? t.waiting : t.failed}
      </p>
      {failed ? (
        <KitButton
          look={look}
          variant="secondary"
          onClick={props.onRetry ?? (() => window.location.reload())}
          disabled={false}
          loading={false}
          data-testid="platega-try-again"
        >
          {t.tryAgain}
        </KitButton>
      ) : (
        <a
          href={props.payment.redirect}
          data-testid="platega-payer-page"
          {...partLook(look, "link")}
        >
          {t.openPayerPage}
        </a>
      )}
    </div>
  )
}
