import { stringify, type Stringifier } from "csv-stringify"
import type { ExportRow } from "../../../lib/platega"
import { EXPORT_COLUMNS, neutralizeFormula } from "./columns"
import { COLUMN_TITLES, csvConventions, localeAmount, type ExportLanguage } from "./locale"

/**
 * Rows (objects) in, CSV bytes out, for spreadsheets: UTF-8 with a byte order mark (Excel otherwise
 * reads Cyrillic as cp1251), the locale's separator and decimal mark and column titles in its
 * language, CRLF line ends, and every text that a spreadsheet would run as a formula neutralised.
 * Without a language: Platega's field names, the separator given, amounts as Platega wrote them.
 */
export function csvStringifier(separator: string, language?: ExportLanguage): Stringifier {
  const style = language ? csvConventions(language, separator) : undefined
  return stringify({
    bom: true,
    header: true,
    columns: EXPORT_COLUMNS.map((key) => ({
      key,
      header: language ? COLUMN_TITLES[language][key] : key,
    })),
    delimiter: style?.separator ?? separator,
    record_delimiter: "windows",
    cast: {
      string: (value, context) =>
        style && context.column === "amount"
          ? localeAmount(value as ExportRow["amount"], style.decimal)
          : neutralizeFormula(value),
    },
  })
}
