import type { ExportFileRow } from "./columns"

const BATCH = 500

/** The rows as a JSON array, one record a line, in chunks of a few hundred records. */
export async function* jsonChunks(rows: AsyncIterable<ExportFileRow>): AsyncGenerator<string> {
  let batch: string[] = []
  let first = true
  yield "["
  for await (const row of rows) {
    batch.push(JSON.stringify(row))
    if (batch.length === BATCH) {
      yield (first ? "\n" : ",\n") + batch.join(",\n")
      first = false
      batch = []
    }
  }
  if (batch.length) yield (first ? "\n" : ",\n") + batch.join(",\n")
  yield "\n]\n"
}
