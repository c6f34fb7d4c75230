import type { ExportRow } from "../../../lib/platega"
import type { TransactionKind } from "../../transactions/kinds"
import { EXPORT_COLUMNS } from "./columns"

/**
 * The language of an export: the admin's who asked for it. It names the columns of the CSV and
 * XLSX files and writes the CSV's numbers the way a spreadsheet in that locale reads them.
 */
export const EXPORT_LANGUAGES = ["en", "ru"] as const
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number]

/** A language tag ("ru-RU", "en") as one of the export's languages; English otherwise. */
export function exportLanguage(tag: string | null | undefined): ExportLanguage {
  return tag?.toLowerCase().startsWith("ru") ? "ru" : "en"
}

type Column = (typeof EXPORT_COLUMNS)[number]

/** Column titles for people; the JSON file keeps Platega's own field names. */
export const COLUMN_TITLES: Record<ExportLanguage, Record<Column, string>> = {
  en: {
    recordId: "Transaction ID",
    createdAt: "Date",
    amount: "Amount",
    currencyCode: "Currency",
    status: "Status",
    paymentMethod: "Payment method",
    description: "Description",
    payload: "Order reference (payload)",
    storeKind: "In the store",
    orderDisplayId: "Order",
    orderId: "Order ID",
  },
  ru: {
    recordId: "ID транзакции",
    createdAt: "Дата",
    amount: "Сумма",
    currencyCode: "Валюта",
    status: "Статус",
    paymentMethod: "Способ оплаты",
    description: "Описание",
    payload: "Ссылка на заказ (payload)",
    storeKind: "В магазине",
    orderDisplayId: "Заказ",
    orderId: "ID заказа",
  },
}

/**
 * What a transaction is to the store, in people's files (the JSON file keeps the key); the same
 * words as the admin's (`platega_transactions.kind`).
 */
export const KIND_WORDS: Record<ExportLanguage, Record<TransactionKind, string>> = {
  en: {
    checkout: "Checkout payment",
    link: "Payment link",
    subscription_checkout: "Subscription checkout",
    subscription_charge: "Subscription charge",
    unknown: "Not known to the store",
  },
  ru: {
    checkout: "Оплата заказа",
    link: "Платёжная ссылка",
    subscription_checkout: "Оформление подписки",
    subscription_charge: "Списание по подписке",
    unknown: "Магазину неизвестна",
  },
}

/**
 * The CSV conventions of a spreadsheet in that locale: Russian Excel separates columns by its list
 * separator `;` (the store's setting may choose another) and reads `2990,50` as a number;
 * English Excel reads `,` and `2990.50`.
 */
export function csvConventions(
  language: ExportLanguage,
  storeSeparator: string,
): { separator: string; decimal: "," | "." } {
  return language === "ru"
    ? { separator: storeSeparator, decimal: "," }
    : { separator: ",", decimal: "." }
}

/**
 * An amount as the locale writes it, from Platega's decimal text: the point becomes the locale's
 * decimal mark, digit for digit (no number on the way, so nothing is rounded).
 */
export function localeAmount(amount: ExportRow["amount"], decimal: "," | "."): string {
  return decimal === "," ? String(amount).replace(".", ",") : String(amount)
}
