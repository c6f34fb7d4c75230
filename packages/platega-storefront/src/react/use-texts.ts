"use client"
import { useMemo } from "react"
import { plategaTexts, type PlategaLocale, type PlategaTexts } from "../core/texts.js"

/** What every component takes to speak the store's language. */
export interface TextProps {
  /** "en" (default) or "ru". */
  locale?: PlategaLocale
  /** Any text to replace (see PlategaTexts). */
  texts?: Partial<PlategaTexts>
}

export function useTexts({ locale, texts }: TextProps): PlategaTexts {
  return useMemo(() => plategaTexts(locale, texts), [locale, texts])
}

/** "1290.50", "RUB" → "1 290,50 ₽" (display only: the amount is never computed with). */
export function formatMoney(amount: string, currency: string, locale?: PlategaLocale): string {
  try {
    return new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
    }).format(Number(amount))
  } catch {
    return `${amount} ${currency.toUpperCase()}`
  }
}
