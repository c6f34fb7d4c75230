import { useCallback, useMemo } from "react"
import { useTranslation } from "react-i18next"

/**
 * The one way the plugin's admin writes dates, amounts, sizes and Platega's codes: in the admin
 * user's language (Medusa's language switch), so every page and widget reads alike.
 */
interface Formatters {
  language: string
  /** "25 нояб. 2026 г., 16:40" / "Nov 25, 2026, 4:40 PM". */
  dateTime: (iso: string | Date | null | undefined) => string
  /** "25 нояб. 2026 г." / "Nov 25, 2026". */
  date: (iso: string | Date | null | undefined) => string
  /**
   * "2 990,50 ₽" / "RUB 2,990.50". A decimal string is formatted as it is (no float on the way);
   * a code that is not ISO 4217 (USDT) is written after the number.
   */
  money: (
    amount: number | string | null | undefined,
    currency: string,
    options?: { whole?: boolean },
  ) => string
  number: (n: number | string) => string
  /** A file size: "12 кБ" / "12 kB", in the unit that fits. */
  bytes: (size: number) => string
}

const EMPTY = "—"
type Numeric = number | string

// Intl formats a decimal string exactly (ES2023); the cast keeps older lib typings happy.
const fmt = (f: Intl.NumberFormat, n: Numeric) => f.format(n as number)

export function formatters(language: string): Formatters {
  const dateTimeFormat = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
  })
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: "medium" })
  const numberFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 2 })
  const when = (f: Intl.DateTimeFormat) => (iso: string | Date | null | undefined) =>
    iso ? f.format(new Date(iso)) : EMPTY
  return {
    language,
    dateTime: when(dateTimeFormat),
    date: when(dateFormat),
    number: (n) => fmt(numberFormat, n),
    money: (amount, currency, options) => {
      if (amount === null || amount === undefined || amount === "") return EMPTY
      const code = currency.toUpperCase()
      try {
        return fmt(
          new Intl.NumberFormat(language, {
            style: "currency",
            currency: code,
            maximumFractionDigits: options?.whole ? 0 : 2,
            ...(options?.whole && { minimumFractionDigits: 0 }),
          }),
          amount,
        )
      } catch {
        return `${fmt(numberFormat, amount)} ${code}`
      }
    },
    bytes: (size) => {
      const [unit, value] =
        size >= 1024 * 1024
          ? (["megabyte", size / (1024 * 1024)] as const)
          : (["kilobyte", Math.max(1, Math.ceil(size / 1024))] as const)
      return new Intl.NumberFormat(language, {
        style: "unit",
        unit,
        maximumFractionDigits: 1,
      }).format(value)
    },
  }
}

/** The formatters for the admin user's current language. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation()
  return useMemo(() => formatters(i18n.language), [i18n.language])
}

/** The message of an SDK error (its body's message), or of anything thrown. */
export const errorMessage = (e: unknown): string =>
  e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e)

type CodeKind = "transaction" | "method" | "brand"

/**
 * A Platega code as the merchant reads it ("Подтверждена" for CONFIRMED); a code the plugin does
 * not know yet stays as Platega sent it.
 */
export function useCodeLabel(): (kind: CodeKind, code: string | null | undefined) => string {
  const { t } = useTranslation()
  return useCallback(
    (kind: CodeKind, code: string | null | undefined) =>
      code ? t(`platega_codes.${kind}.${code}`, { defaultValue: code }) : EMPTY,
    [t],
  )
}
