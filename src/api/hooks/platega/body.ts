import type { MedusaRequest } from "@medusajs/framework/http"

/** Platega's callbacks are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024
/** A callback is a flat object; deeper nesting is refused before it reaches the database. */
export const MAX_DEPTH = 16
/** Stored fields (ids, statuses) are short; a longer one is not a callback. */
export const MAX_FIELD_LENGTH = 64

export function readBody(req: MedusaRequest, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    // An oversized body is drained, not kept, so the 413 still reaches the caller.
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    req.on("end", () =>
      size > limit
        ? reject(new Error(`Callback body over ${limit} bytes`))
        : resolve(Buffer.concat(chunks)),
    )
    req.on("error", reject)
  })
}

/**
 * JSON made safe to store as jsonb: nesting bounded, NUL characters dropped and lone surrogates
 * replaced (PostgreSQL refuses both). Done on the parsed value, so escapes in the text are never
 * cut apart. Throws on anything that is not such JSON.
 */
export function parseStorableJson(raw: string): unknown {
  const value: unknown = JSON.parse(raw)
  return clean(value, 0)
}

function clean(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error(`nested deeper than ${MAX_DEPTH} levels`)
  if (typeof value === "string") return cleanString(value)
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1))
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[cleanString(k)] = clean(v, depth + 1)
    return out
  }
  return value
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function cleanString(s: string): string {
  return s.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\uFFFD")
}
