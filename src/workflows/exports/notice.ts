import type { ExportFilters } from "./filters"
import { exportLanguage, type ExportLanguage } from "./format/locale"
import { ruPlural } from "../../lib/platega/plural"

/**
 * What the admin's notification bell and the export's file say, in the language of the admin who
 * asked for the export (Medusa shows a notification's title and text as they were sent, and the
 * server only knows an admin's language from what the admin sends). People see the export's
 * period and format, never its internal id.
 */
const TEXTS = {
  en: {
    title: "Platega transaction export",
    ready: (name: string, rows: string) => `${name} is ready: ${rows}.`,
    failed: (name: string) => `${name} failed.`,
    rows: (n: number, formatted: string) =>
      `${formatted} ${n === 1 ? "transaction" : "transactions"}`,
    interrupted:
      "The store stopped while this export was being written. Nothing was lost: start it again with “Try again” on Platega → Exports.",
    stopped: "The export stopped before it finished.",
    name: (period: string, format: string) => `Transactions ${period} (${format})`,
  },
  ru: {
    title: "Выгрузка транзакций Platega",
    ready: (name: string, rows: string) => `${name} готова: ${rows}.`,
    failed: (name: string) => `${name} не удалась.`,
    rows: (n: number, formatted: string) =>
      `${formatted} ${ruPlural(n, ["транзакция", "транзакции", "транзакций"])}`,
    interrupted:
      "Магазин остановился, пока выгрузка записывалась. Ничего не потеряно: запустите её снова кнопкой «Повторить» в разделе Platega → Выгрузки.",
    stopped: "Выгрузка остановилась, не дойдя до конца.",
    name: (period: string, format: string) => `Выгрузка транзакций ${period} (${format})`,
  },
} as const

type ExportErrorCode = "interrupted" | "stopped"

export function exportTexts(filters: Pick<ExportFilters, "language">) {
  const language: ExportLanguage = exportLanguage(filters.language)
  const t = TEXTS[language]
  return {
    language,
    title: t.title,
    /** "Transactions 1 Nov 2026 – 30 Nov 2026 (CSV)", in the export's time zone. */
    name(filters: ExportFilters, format: string): string {
      const day = new Intl.DateTimeFormat(language, {
        dateStyle: "medium",
        timeZone: filters.time_zone,
      })
      const period = day.formatRange(new Date(filters.from), new Date(filters.to))
      return t.name(period, format.toUpperCase())
    },
    ready: (name: string, rows: number) =>
      t.ready(name, t.rows(rows, new Intl.NumberFormat(language).format(rows))),
    failed: t.failed,
    error: (code: ExportErrorCode) => t[code],
  }
}
