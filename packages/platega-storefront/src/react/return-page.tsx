"use client"
import { resolvePlategaUrl, type PlategaUrl } from "../core/store-url.js"
import { KitButton, partLook, type LookProps } from "./look.js"
import { usePlategaReturn, type UsePlategaReturnInput } from "./use-platega-return.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaReturnPageProps extends UsePlategaReturnInput, TextProps, LookProps {
  /**
   * Where "Try again" leads after a failed payment (default: back to the previous page): a path,
   * an address, or a function read on the click, e.g.
   * `() => plategaStoreUrl("/checkout?step=payment")` to keep the shopper's country.
   */
  retryHref?: PlategaUrl
  /** The card's class (the same as `classNames.root`). */
  className?: string
}

/**
 * The page Platega sends the payer back to: turns the cart into an order, waiting out a payment
 * the bank has not confirmed yet and a callback completing the same cart; then the order, a
 * failure with "Try again", or "not confirmed yet" with "Check again". Without `onOrder` it shows
 * "Paid" and the order number.
 */
export function PlategaReturnPage(props: PlategaReturnPageProps) {
  const t = useTexts(props)
  const { view, check } = usePlategaReturn(props)
  const look: LookProps = { ...props, classNames: { root: props.className, ...props.classNames } }
  const { retryHref } = props
  const button = (label: string, testId: string, onClick: () => void) => (
    <KitButton
      look={look}
      variant="secondary"
      onClick={onClick}
      disabled={false}
      loading={false}
      data-testid={testId}
    >
      {label}
    </KitButton>
  )

  return (
    <div data-testid="platega-return" data-status={view.status} {...partLook(look, "root")}>
      {view.status === "working" ? (
        <p role="status" {...partLook(look, "status")}>
          {t.confirming}
        </p>
      ) : null}
      {view.status === "paid" ? (
        <p role="status" data-testid="platega-paid" {...partLook(look, "status")}>
          {t.paid}{" "}
          {view.order.display_id !== undefined ? t.orderNumber(view.order.display_id) : null}
        </p>
      ) : null}
      {view.status === "pending" ? (
        <>
          <p role="status" {...partLook(look, "status")}>
            {t.notConfirmed}
          </p>
          {button(t.checkAgain, "platega-check-again", check)}
        </>
      ) : null}
      {view.status === "failed" || view.status === "not_started" ? (
        <>
          <p role="alert" data-testid="platega-failed" {...partLook(look, "error")}>
            {view.status === "failed" ? t.failed : t.notStarted}
          </p>
          {button(t.tryAgain, "platega-try-again", () =>
            retryHref
              ? window.location.assign(resolvePlategaUrl(retryHref))
              : window.history.back(),
          )}
        </>
      ) : null}
      {view.status === "error" ? (
        <>
          <p role="alert" {...partLook(look, "error")}>
            {t.error}: {view.message}
          </p>
          {button(t.checkAgain, "platega-check-again", check)}
        </>
      ) : null}
    </div>
  )
}
