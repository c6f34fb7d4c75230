import { stringify, type Stringifier } from "csv-stringify"
import { EXPORT_COLUMNS, neutralizeFormula } from "./columns"

/**
 * Rows (objects) in, CSV bytes out, for spreadsheets: UTF-8 with a byte order mark (Excel otherwise
 * reads Cyrillic as cp1251), the separator a setting (";" for Russian Excel, whose list separator
 * it is), CRLF line ends, and every text that a spreadsheet would run as a formula neutralised.
 */
export function csvStringifier(separator: string): Stringifier {
  return stringify({
    bom: true,
    header: true,
    columns: [...EXPORT_COLUMNS],
    delimiter: separator,
    record_delimiter: "windows",
    cast: { string: neutralizeFormula },
  })
}
