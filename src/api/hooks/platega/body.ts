import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseCallback, type PlategaCallback } from "../../../lib/platega"

/** Platega's callbacks are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024
/** A callback is a flat object; deeper nesting is refused before it reaches the database. */
export const MAX_DEPTH = 16
/** Stored fields (ids, statuses) are short; a longer one is not a callback. */
export const MAX_FIELD_LENGTH = 64

/** A body over the limit: answered 413 and its connection closed (see refuseOversizedBody). */
export class BodyTooLarge extends Error {}

/**
 * Reads the body up to `limit` bytes. Past it (or when Content-Length already says more) it stops
 * at once and rejects with BodyTooLarge: the rest is never read, so an oversized body costs the
 * store only the bytes up to the limit.
 */
export function readBody(req: MedusaRequest, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () => new BodyTooLarge(`Callback body over ${limit} bytes`)
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      req.off("data", onData)
      req.pause()
      reject(tooLarge())
    }
    req.on("data", onData)
    req.on("end", () => resolve(Buffer.concat(chunks)))
    req.on("error", reject)
  })
}

/**
 * 413 for an oversized body, then the connection is closed: draining the rest would let one
 * caller keep the store reading (and a keep-alive connection would take the rest as a request).
 */
export function refuseOversizedBody(req: MedusaRequest, res: MedusaResponse, message: string) {
  res.setHeader("Connection", "close")
  res.once("finish", () => req.socket.destroy())
  res.status(413).json({ message })
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

/** A callback body as the route takes it: the JSON to store, and what kind of callback it is. */
export interface ParsedCallbackBody {
  body: Record<string, unknown>
  callback: PlategaCallback
}

/**
 * parseStorableJson + parseCallback of a raw body ("" is the probe `{}`); throws as they do. Each
 * delivery is parsed afresh: about 12 µs for a transaction callback (measured on a 2-core machine),
 * against the milliseconds of the database round trip every delivery makes anyway.
 */
export function parseCallbackBody(raw: string): ParsedCallbackBody {
  const body = raw.trim() === "" ? {} : (parseStorableJson(raw) as Record<string, unknown>)
  return { body, callback: parseCallback(body) }
}
