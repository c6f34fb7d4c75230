import { PassThrough, Readable, Transform } from "node:stream"
import { pipeline } from "node:stream/promises"
import { parse } from "csv-parse"
import { stringify } from "csv-stringify"
import { neutralizeFormula } from "./columns"

/** The separators a CSV may use; the one the header row holds most of is taken. */
const SEPARATORS = [";", ",", "\t", "|"] as const
/** How much of the file may be read to find the end of the header row. */
const MAX_HEADER_BYTES = 64 * 1024

function separatorOf(firstLine: string): string {
  let best: string = ","
  let most = 0
  for (const s of SEPARATORS) {
    const n = firstLine.split(s).length - 1
    if (n > most) [best, most] = [s, n]
  }
  return best
}

/**
 * A CSV the store did not write (Platega's own export file), passed on to the admin with every
 * cell a spreadsheet would run as a formula neutralised the way the store's own CSV does it
 * (neutralizeFormula). Read and written as a stream; the separator and the byte order mark are
 * kept.
 */
export function neutralizedCsv(source: Readable): Readable {
  const out = new PassThrough()
  const run = async () => {
    const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
    let head = Buffer.alloc(0)
    while (!head.includes(10) && head.length < MAX_HEADER_BYTES) {
      const next = await it.next()
      if (next.done) break
      head = Buffer.concat([head, Buffer.from(next.value)])
    }
    const text = head.toString("utf8")
    const bom = text.startsWith("\ufeff")
    const delimiter = separatorOf(text.replace(/^\ufeff/, "").split(/\r?\n/)[0])
    async function* rest(): AsyncGenerator<Buffer> {
      yield head
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value
    }
    const cells = new Transform({
      objectMode: true,
      transform(row: string[], _enc, done) {
        done(null, row.map(neutralizeFormula))
      },
    })
    await pipeline(
      Readable.from(rest()),
      parse({ delimiter, bom: true, relax_column_count: true }),
      cells,
      stringify({ delimiter, bom, record_delimiter: "windows" }),
      out,
    )
  }
  run().catch((e: Error) => {
    source.destroy()
    out.destroy(e)
  })
  return out
}
