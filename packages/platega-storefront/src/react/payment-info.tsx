import type { JSX } from "react"
import {
  plategaMethodInfo,
  type PlategaMethodInfo,
  type PlategaMethodInfoOptions,
} from "../core/method-info.js"

/** What a checkout's list shows for a provider: the shape of the DTC starter's `paymentInfoMap`. */
export interface PaymentInfo {
  title: string
  icon: JSX.Element
}

const PATHS: Record<PlategaMethodInfo["icon"], string> = {
  // Four squares of a QR code.
  qr: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  wallet: "M4 7h15v12H4zM4 7l11-3v3M15 12h4v3h-4z",
}

/** The kit's icon for a Platega method (20 px, the text's colour). */
export function PlategaMethodIcon({
  icon,
  size = 20,
}: {
  icon: PlategaMethodInfo["icon"]
  size?: number
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
      aria-hidden="true"
      data-platega-icon={icon}
    >
      <path d={PATHS[icon]} />
    </svg>
  )
}

/**
 * The store's own `paymentInfoMap` that also knows every Platega provider: any
 * `pp_platega-…` id read from it (SBP, card, SberPay, foreign card, subscription, methods named in
 * the options, whatever `id` the store gave the plugin) answers its title in `locale` and an icon.
 * The store's own entries come first, so one can still be replaced by hand.
 */
export function withPlategaPaymentInfo<T extends Record<string, PaymentInfo>>(
  map: T,
  options: PlategaMethodInfoOptions = {},
): T {
  const made = new Map<string, PaymentInfo>()
  const platega = (key: string | symbol): PaymentInfo | undefined => {
    if (typeof key !== "string") return undefined
    const cached = made.get(key)
    if (cached) return cached
    const info = plategaMethodInfo(key, options)
    if (!info) return undefined
    const entry = { title: info.title, icon: <PlategaMethodIcon icon={info.icon} /> }
    made.set(key, entry)
    return entry
  }
  return new Proxy(map, {
    get: (target, key, receiver) =>
      Reflect.has(target, key) ? Reflect.get(target, key, receiver) : platega(key),
    has: (target, key) => Reflect.has(target, key) || platega(key) !== undefined,
  })
}
