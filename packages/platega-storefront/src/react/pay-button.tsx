"use client"
import type { ReactNode } from "react"
import type { PlategaOrder } from "../core/medusa.js"
import { KitButton, partLook, type LookProps } from "./look.js"
import { PlategaSbpQr } from "./sbp-qr.js"
import { usePlategaPay, type UsePlategaPayInput } from "./use-platega-pay.js"
import { useTexts, type TextProps } from "./use-texts.js"

export interface PlategaPayButtonProps extends UsePlategaPayInput, TextProps, LookProps {
  /** SBP inline: the cart became an order. Default: go to the return page, which shows it. */
  onPaid?: (order: PlategaOrder) => void
  disabled?: boolean
  /** The button's class (the same as `classNames.button`). */
  className?: string
  children?: ReactNode
  "data-testid"?: string
}

/**
 * The checkout's Pay button for a Platega method: makes the one Platega transaction of this
 * attempt and sends the payer to Platega, or, for SBP inline, shows the QR with its live status.
 */
export function PlategaPayButton(props: PlategaPayButtonProps) {
  const t = useTexts(props)
  const state = usePlategaPay(props)
  const look: LookProps = {
    ...props,
    classNames: { button: props.className, ...props.classNames },
  }

  if (state.payment) {
    return (
      <PlategaSbpQr
        sdk={props.sdk}
        headers={props.headers}
        payment={state.payment}
        onPaid={props.onPaid}
        onRetry={state.reset}
        locale={props.locale}
        texts={props.texts}
        classNames={props.classNames}
        renderButton={props.renderButton}
        unstyled={props.unstyled}
      />
    )
  }
  return (
    <>
      <KitButton
        look={look}
        variant="primary"
        onClick={() => void state.pay()}
        disabled={Boolean(props.disabled || state.busy || !state.method)}
        loading={state.busy}
        data-testid={props["data-testid"] ?? "platega-pay-button"}
      >
        {state.busy ? t.starting : (props.children ?? t.pay)}
      </KitButton>
      {state.error ? (
        <p role="alert" data-testid="platega-pay-error" {...partLook(look, "error")}>
          {state.error}
        </p>
      ) : null}
    </>
  )
}
