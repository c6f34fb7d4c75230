import { paymentMethodName } from "./codes"
import { PlategaError, fieldErrorsFromIssues, summarizeFieldErrors } from "./errors"
import { JsonArrayError, jsonArrayElements, type ArrayFailure } from "./json-array"
import { DECIMAL_TEXT_RE, ExportRowSchema, UUID_RE } from "./schemas"
import type { ExportRow } from "./types"

/**
 * The JSON export read as a stream: one record at a time, whatever the size of the answer
 * (json-array.ts reads each record from the bytes as they arrive; nothing holds the whole array).
 *
 * Numbers are kept as the text the service sent, so amounts stay exact decimals: "1500.10" is
 * never turned into a float and back.
 */

/** "1.5e3" → "1500": plain decimal notation by moving the point (text only, no float). */
export function plainDecimal(text: string): string {
  const m = /^(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/.exec(text)
  if (!m) return text
  const digits = m[1] + (m[2] ?? "")
  const point = m[1].length + Number(m[3])
  const padded =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return padded.replace(/^0+(?=\d)/, "")
}

/**
 * Parses a JSON array of export records from `source` (Buffers or strings) and yields each record
 * checked against ExportRowSchema. A body that is not an array, broken JSON or an invalid record
 * fails with PlategaError kind "invalid_response", naming the record's position.
 */
export async function* parseExportRecords(
  source: AsyncIterable<Buffer | string>,
  endpoint = "POST /transaction/export/json",
): AsyncGenerator<ExportRow> {
  let index = 0
  try {
    for await (const values of jsonArrayElements(source)) {
      for (const value of values) yield toRow(value, index++, endpoint)
    }
  } catch (e) {
    if (e instanceof JsonArrayError) throw invalid(endpoint, describe(e.failure))
    throw e
  }
}

function describe(failure: ArrayFailure): string {
  switch (failure.kind) {
    case "empty":
      return "the body is empty"
    case "not_array":
      return "the body is not a JSON array"
    case "not_closed":
      return "the JSON array is not closed"
    case "not_json":
      return `the body is not JSON (${failure.detail})`
  }
}

function invalid(endpoint: string, detail: string): PlategaError {
  return new PlategaError({
    kind: "invalid_response",
    endpoint,
    message: `Platega ${endpoint}: invalid response: ${detail}`,
  })
}

/**
 * ExportRowSchema's answer for the record it always accepts as it is (every field a string, the
 * texts possibly null), without zod: a million-row export otherwise spends most of its time and
 * nearly all the garbage its store's collector has to catch up with in zod's parse of each record.
 * Anything else (undefined, a missing or mistyped field) is left to the schema, which decides and
 * words the error.
 */
function plainRow(value: unknown): ExportRow | undefined {
  if (typeof value !== "object" || value === null) return undefined
  const v = value as Record<string, unknown>
  const { recordId, createdAt, amount, currencyCode, status } = v
  if (
    typeof recordId !== "string" ||
    typeof createdAt !== "string" ||
    typeof amount !== "string" ||
    typeof currencyCode !== "string" ||
    typeof status !== "string" ||
    !UUID_RE.test(recordId)
  ) {
    return undefined
  }
  const row = {
    recordId,
    createdAt: createdAt.trim(),
    amount: amount.trim(),
    currencyCode: currencyCode.trim(),
    status: status.trim(),
    paymentMethod: textOrEmpty(v.paymentMethod),
    description: textOrEmpty(v.description),
    payload: textOrEmpty(v.payload),
  }
  if (
    !row.createdAt ||
    !row.currencyCode ||
    !row.status ||
    !DECIMAL_TEXT_RE.test(row.amount) ||
    row.paymentMethod === undefined ||
    row.description === undefined ||
    row.payload === undefined
  ) {
    return undefined
  }
  return row as ExportRow
}

function textOrEmpty(value: unknown): string | undefined {
  return typeof value === "string" ? value : value === null ? "" : undefined
}

function toRow(value: unknown, index: number, endpoint: string): ExportRow {
  const plain = plainRow(value)
  if (plain) return finish(plain)
  const parsed = ExportRowSchema.safeParse(value)
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromIssues(parsed.error.issues).map((f) => ({
      ...f,
      key: f.key ? `[${index}].${f.key}` : `[${index}]`,
    }))
    throw new PlategaError({
      kind: "invalid_response",
      endpoint,
      fieldErrors,
      message: `Platega ${endpoint}: invalid response: record ${index}: ${summarizeFieldErrors(fieldErrors)}`,
    })
  }
  return finish(parsed.data)
}

function finish(row: ExportRow): ExportRow {
  // A numeric method code (some variants send it) is shown by its name, like the others.
  if (/^\d+$/.test(row.paymentMethod)) {
    row.paymentMethod = paymentMethodName(Number(row.paymentMethod)) ?? row.paymentMethod
  }
  row.amount = plainDecimal(row.amount)
  return row
}
