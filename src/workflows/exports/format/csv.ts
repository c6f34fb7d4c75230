import { stringify, type Options } from "csv-stringify/sync"
import { EXPORT_COLUMNS, neutralizeFormula, type ExportFileRow } from "./columns"
import {
  COLUMN_TITLES,
  csvConventions,
  KIND_WORDS,
  localeAmount,
  type ExportLanguage,
} from "./locale"

/** Rows formatted together: one string, one write to the file, for this many. */
const BATCH = 500

/**
 * Rows (objects) in, CSV text out, for spreadsheets: UTF-8 with a byte order mark (Excel otherwise
 * reads Cyrillic as cp1251), the locale's separator and decimal mark and column titles in its
 * language, CRLF line ends, and every text that a spreadsheet would run as a formula neutralised.
 * Without a language: Platega's field names, the separator given, amounts as Platega wrote them.
 *
 * A few hundred rows are formatted at once (csv-stringify's synchronous API) and leave as one
 * string: a string per row, through a stream of its own, made a small buffer per row that lived
 * until the file had it, and a store's garbage collector left them for its next full collection.
 */
export async function* csvChunks(
  rows: AsyncIterable<ExportFileRow>,
  separator: string,
  language?: ExportLanguage,
): AsyncGenerator<string> {
  const options = csvOptions(separator, language)
  let batch: ExportFileRow[] = []
  let first = true
  for await (const row of rows) {
    batch.push(row)
    if (batch.length === BATCH) {
      yield stringify(batch, { ...options, header: first, bom: first })
      first = false
      batch = []
    }
  }
  if (batch.length || first) yield stringify(batch, { ...options, header: first, bom: first })
}

function csvOptions(separator: string, language?: ExportLanguage): Options {
  const style = language ? csvConventions(language, separator) : undefined
  return {
    columns: EXPORT_COLUMNS.map((key) => ({
      key,
      header: language ? COLUMN_TITLES[language][key] : key,
    })),
    delimiter: style?.separator ?? separator,
    record_delimiter: "windows",
    cast: {
      string: (value, context) =>
        style && context.column === "amount"
          ? localeAmount(value as ExportFileRow["amount"], style.decimal)
          : language && context.column === "storeKind"
            ? KIND_WORDS[language][value as ExportFileRow["storeKind"]]
            : neutralizeFormula(value),
    },
  }
}
