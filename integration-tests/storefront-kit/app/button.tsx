"use client"
import type { PlategaButtonProps } from "medusa-payment-platega-storefront/react"

/** The store's own button (shaped like the DTC starter's), drawn by the kit through renderButton. */
export function StoreButton({ loading, variant, ...button }: PlategaButtonProps) {
  const primary = variant === "primary"
  return (
    <button
      type="button"
      {...button}
      disabled={button.disabled || loading}
      data-store-button={variant}
      style={{
        height: 48,
        padding: "0 24px",
        borderRadius: 6,
        border: primary ? "none" : "1px solid #e5e7eb",
        background: primary ? "#000" : "#fff",
        color: primary ? "#fff" : "#000",
        fontSize: 18,
        fontWeight: 500,
        opacity: button.disabled || loading ? 0.5 : 1,
      }}
    >
      {loading ? "Loading..." : button.children}
    </button>
  )
}
