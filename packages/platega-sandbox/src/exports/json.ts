import { Readable } from "node:stream"
import type { ExportRecord } from "./columns"

// The JSON export as a stream: "[", the records in batches, "]". Only one batch of text exists at a
// time and the next is made when the socket has taken the last one, so a million records cost the
// row indices (4 MB), never the ~150 MB answer.

const BATCH = 500

export function jsonArrayStream(
  indices: Uint32Array,
  toRecord: (i: number) => ExportRecord,
): Readable {
  function* chunks(): Generator<string> {
    yield "["
    for (let k = 0; k < indices.length; k += BATCH) {
      const end = Math.min(indices.length, k + BATCH)
      let text = ""
      for (let j = k; j < end; j++) {
        if (j > 0) text += ","
        text += JSON.stringify(toRecord(indices[j]))
      }
      yield text
    }
    yield "]"
  }
  return Readable.from(chunks(), { objectMode: false })
}
