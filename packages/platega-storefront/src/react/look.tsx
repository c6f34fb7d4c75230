"use client"
import type { CSSProperties, ReactNode } from "react"

/**
 * A class for each part of the kit's components. A part given a class drops the kit's own inline
 * style, so the store's CSS (Tailwind or any other) decides alone.
 */
export interface PlategaClassNames {
  /** The card around the SBP QR, the return page and the payment-collection page. */
  root?: string
  /** The kit's own buttons (when no `renderButton` is given). */
  button?: string
  /** Links: Platega's payer page, the bank app. */
  link?: string
  /** The QR image. */
  qr?: string
  /** The line under the QR. */
  caption?: string
  /** Status lines: waiting, confirming, paid. */
  status?: string
  /** Failure and error lines. */
  error?: string
  /** The amount due (payment-collection page). */
  amount?: string
}

/** What the kit hands the store's button. */
export interface PlategaButtonProps {
  onClick: () => void
  disabled: boolean
  /** The action is under way (the store's button may show a spinner; `children` says so too). */
  loading: boolean
  /** "primary": Pay; "secondary": Try again, Check again. */
  variant: "primary" | "secondary"
  children: ReactNode
  "data-testid": string
}

/** What every component takes to look like the store. */
export interface LookProps {
  /** A class per part (see PlategaClassNames). */
  classNames?: PlategaClassNames
  /** Draws each button with the store's own component, e.g. the starter's `Button`. */
  renderButton?: (button: PlategaButtonProps) => ReactNode
  /** No inline style at all, for a store that styles every part by its data-testid. */
  unstyled?: boolean
}

// A neutral look that reads as a card and a button in any store, with nothing passed.
const DEFAULTS: Record<keyof PlategaClassNames | "secondary", CSSProperties> = {
  root: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: 12,
    maxWidth: 400,
    padding: 20,
    border: "1px solid #e5e7eb",
    borderRadius: 8,
    background: "#fff",
    color: "#111827",
    textAlign: "center",
  },
  button: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minHeight: 44,
    padding: "0 24px",
    border: "1px solid #111827",
    borderRadius: 6,
    background: "#111827",
    color: "#fff",
    font: "inherit",
    fontWeight: 500,
    cursor: "pointer",
  },
  secondary: { background: "#fff", color: "#111827", borderColor: "#d1d5db" },
  link: { color: "inherit", textDecoration: "underline", textUnderlineOffset: 3 },
  qr: { display: "block", width: 240, height: 240, maxWidth: "100%" },
  caption: { margin: 0, fontSize: 14, color: "#4b5563" },
  status: { margin: 0 },
  error: { margin: 0, color: "#b91c1c" },
  amount: { margin: 0, fontSize: 18, fontWeight: 600 },
}

/** The class and style of one part: the store's class, else the kit's inline style. */
export function partLook(
  look: LookProps,
  part: keyof PlategaClassNames,
  extra?: CSSProperties,
): { className?: string; style?: CSSProperties } {
  const className = look.classNames?.[part]
  if (className !== undefined || look.unstyled) return { className }
  return { style: { ...DEFAULTS[part], ...extra } }
}

/** One button of the kit: the store's own (renderButton) or the kit's. */
export function KitButton(props: PlategaButtonProps & { look: LookProps }) {
  const { look, loading, variant, ...button } = props
  if (look.renderButton) return <>{look.renderButton({ loading, variant, ...button })}</>
  const disabledStyle = button.disabled ? { opacity: 0.5, cursor: "not-allowed" } : {}
  const variantStyle = variant === "secondary" ? DEFAULTS.secondary : {}
  return (
    <button
      type="button"
      {...partLook(look, "button", { ...variantStyle, ...disabledStyle })}
      onClick={button.onClick}
      disabled={button.disabled}
      aria-busy={loading}
      data-testid={button["data-testid"]}
    >
      {button.children}
    </button>
  )
}
