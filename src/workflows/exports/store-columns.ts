import type { ExportRow } from "../../lib/platega"
import type { TransactionPlace } from "../transactions/classify"
import type { ExportFileRow } from "./format"

/** Rows classified together: one look-up of the store's records per this many. */
const BATCH = 1_000

type Classify = (ids: string[]) => Promise<Map<string, TransactionPlace>>

/**
 * Platega's rows with the store's columns added (what each transaction is to the store, its
 * order), in the order they came, looked up a batch at a time so the file still streams.
 */
export async function* withStoreColumns(
  rows: AsyncIterable<ExportRow>,
  classify: Classify,
): AsyncGenerator<ExportFileRow> {
  let batch: ExportRow[] = []
  for await (const row of rows) {
    batch.push(row)
    if (batch.length === BATCH) {
      yield* placed(batch, classify)
      batch = []
    }
  }
  if (batch.length) yield* placed(batch, classify)
}

async function* placed(batch: ExportRow[], classify: Classify): AsyncGenerator<ExportFileRow> {
  const places = await classify(batch.map((r) => r.recordId))
  for (const row of batch) {
    const place = places.get(row.recordId.toLowerCase())
    yield {
      ...row,
      storeKind: place?.kind ?? "unknown",
      orderDisplayId: place?.order_display_id ?? null,
      orderId: place?.order_id ?? null,
    }
  }
}
