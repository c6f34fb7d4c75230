import http from "node:http"
import https from "node:https"
import axios, { type AxiosInstance } from "axios"
import type { z } from "zod"
import type { OpenedStream } from "./streamed-body"

/** The axios instance under the client, and the shape of the calls it makes (see http.ts). */

export type HttpMethod = "GET" | "POST"

export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod
  /** Path template for errors and logs, e.g. "/transaction/{id}". */
  template: string
  /** Concrete path, ids already validated and encoded. */
  path: string
  query?: Record<string, string | number | boolean | undefined>
  /** Serialized once; the exact bytes are hashed (signed calls) and sent. */
  body?: unknown
  auth: "merchant" | "hmac"
  idempotencyKey?: string
  /** Safe to send more than once. */
  idempotent: boolean
  accept?: string
  schema: S
  /** Per-call overrides (testConnection wants one quick attempt). */
  retries?: number
  timeoutMs?: number
}

export interface StreamRequest {
  method: HttpMethod
  /** For errors and logs: "POST /transaction/export/json". */
  endpoint: string
  url: URL
  body?: Buffer
  accept: string
  /** Send X-MerchantId/X-Secret. Only ever for the configured base URL's origin. */
  credentials: boolean
  signal?: AbortSignal
  /** Connect only to public addresses (loopback too, for a sandbox), resolved once and pinned. */
  pinned?: { loopbackAllowed: boolean }
}

export type { OpenedStream }

const MAX_RESPONSE_BYTES = 50 * 1024 * 1024
const MAX_REQUEST_BYTES = 1024 * 1024
/** An error answer to a streamed call bigger than this says nothing more than its status. */
export const MAX_ERROR_BODY = 1024 * 1024

/** A keep-alive axios instance of its own; nothing in it is shared with the store's other calls. */
export function createAxios(): AxiosInstance {
  const agent = { keepAlive: true, scheduling: "lifo" as const, timeout: 5_000 }
  return axios.create({
    httpAgent: new http.Agent(agent),
    httpsAgent: new https.Agent(agent),
    maxRedirects: 0,
    proxy: false,
    decompress: true,
    maxContentLength: MAX_RESPONSE_BYTES,
    maxBodyLength: MAX_REQUEST_BYTES,
    // Every status is an answer: its meaning is ours to map (http-failures.ts).
    validateStatus: null,
    // Bodies go out as the exact bytes signed, and come back as text parsed here.
    transformRequest: [],
    transformResponse: [],
  })
}

export function buildQuery(query: RequestSpec<z.ZodType>["query"]): string {
  if (!query) return ""
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ""
}
