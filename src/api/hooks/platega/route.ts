import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  parseCallback,
  type PlategaCallback,
  type SubscriptionChargeCallback,
} from "../../../lib/platega"
import {
  headerValue,
  isFinalOutcome,
  PLATEGA_CALLBACK_RECEIVED,
  PLATEGA_MODULE,
  type PlategaModuleService,
} from "../../../modules/platega"
import { clientKeyOf } from "./client-address"

/**
 * THE callback URL for all three kinds of Platega callback. Answers fast (Platega waits 60 s, then
 * retries 3 times and gives up): verify, record, hand over to the event bus, 200. Any body gets a
 * 2xx or a 4xx: nothing a caller sends makes it fail.
 *
 * - The dashboard's probe (an empty body or `{}`) gets 200 with or without headers: it changes
 *   nothing, and a refusal would stop the merchant from saving the URL.
 * - Wrong X-MerchantId/X-Secret: 401, nothing recorded.
 * - No merchant headers at all: only a subscription charge is taken (Platega's schema makes the
 *   headers optional there), and only within the budget of Platega reads, per id, per client
 *   address and for the store, or, for a subscription the store knows, within that
 *   subscription's own allowance (429 past it, so Platega delivers it again later). Only its ids
 *   and status are kept, and its processing trusts nothing in it but the ids to read.
 * - A body over 64 KiB: 413 and the connection closed, the rest never read.
 */
const REFUSED_BY = {
  id: "for this id",
  client: "from this address",
  store: "for this store",
  subscription: "for this subscription",
} as const

export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  let raw: string
  try {
    raw = (await readBody(req)).toString("utf8")
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e
    refuseOversizedBody(req, res, e.message)
    return
  }
  let body: Record<string, unknown> | undefined
  let callback: PlategaCallback | undefined
  let invalid: string | undefined
  try {
    ;({ body, callback } = parseCallbackBody(raw))
  } catch (e) {
    invalid = (e as Error).message
  }
  if (callback?.kind === "probe") {
    res.status(200).json({ ok: true })
    return
  }
  const caller = await callerOf(platega, req.headers as Record<string, unknown>)
  if (caller === "forged") {
    res.status(401).json({ message: "Unauthorized: X-MerchantId/X-Secret do not match" })
    return
  }
  if (caller === "anonymous" && !(callback && UNAUTHENTICATED_KINDS.includes(callback.kind))) {
    res.status(401).json({
      message:
        "Unauthorized: X-MerchantId/X-Secret are required (only a subscription charge may come without them)",
    })
    return
  }
  if (!callback || !body) {
    res.status(400).json({ message: `Invalid Platega callback: ${invalid}` })
    return
  }
  const record =
    callback.kind === "transaction"
      ? { kind: callback.kind, platega_id: callback.id, status: callback.status }
      : { kind: callback.kind, platega_id: callback.Id, status: callback.Status }
  if (record.platega_id.length > MAX_FIELD_LENGTH || record.status.length > MAX_FIELD_LENGTH) {
    res.status(400).json({ message: "Invalid Platega callback: id or status too long" })
    return
  }
  const authenticated = caller === "merchant"
  if (!authenticated) {
    const budget = await platega.takeUnauthenticatedBudget({
      plategaId: record.platega_id,
      client: clientKeyOf(req),
      subscriptionId: callback.kind === "subscription_charge" ? callback.SubscriptionId : undefined,
    })
    if (!budget.allowed) {
      res.setHeader("Retry-After", String(budget.retryAfterSeconds))
      res.status(429).json({
        message: `Too many callbacks without X-MerchantId/X-Secret (${REFUSED_BY[budget.refusedBy ?? "store"]}): send it again later, or with the merchant headers`,
      })
      return
    }
  }
  const saved = await platega.recordCallback({
    ...record,
    body:
      authenticated || callback.kind !== "subscription_charge"
        ? body
        : keptOfUnauthenticated(callback),
    authenticated,
  })
  if (saved.created || !isFinalOutcome(saved.outcome)) {
    const eventBus = req.scope.resolve(Modules.EVENT_BUS)
    // With the Redis event bus the job is durable and retried; the reconciliation job backs it up.
    // A header-less one is not retried here: the reconciliation job's retry draws on its budget.
    await eventBus.emit(
      { name: PLATEGA_CALLBACK_RECEIVED, data: { id: saved.id } },
      { attempts: authenticated ? 5 : 1 },
    )
  } else {
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    if (logger.shouldLog("debug")) logger.debug(`Platega: duplicate callback ${saved.id}`)
  }
  res.status(200).json({ ok: true, id: saved.id, duplicate: !saved.created })
}

// The body: bounded, parsed once, made safe to store.

/** Platega's callbacks are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024
/** A callback is a flat object; deeper nesting is refused before it reaches the database. */
const MAX_DEPTH = 16
/** Stored fields (ids, statuses) are short; a longer one is not a callback. */
const MAX_FIELD_LENGTH = 64

/** A body over the limit: answered 413 and its connection closed (see refuseOversizedBody). */
class BodyTooLarge extends Error {}

/**
 * Reads the body up to `limit` bytes. Past it (or when Content-Length already says more) it stops
 * at once and rejects with BodyTooLarge: the rest is never read, so an oversized body costs the
 * store only the bytes up to the limit.
 */
function readBody(req: MedusaRequest, limit = MAX_BODY_BYTES): Promise<Buffer> {
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
function refuseOversizedBody(req: MedusaRequest, res: MedusaResponse, message: string) {
  res.setHeader("Connection", "close")
  res.once("finish", () => req.socket.destroy())
  res.status(413).json({ message })
}

/**
 * JSON made safe to store as jsonb: nesting bounded, NUL characters dropped and lone surrogates
 * replaced (PostgreSQL refuses both). Done on the parsed value, so escapes in the text are never
 * cut apart. Throws on anything that is not such JSON.
 */
function parseStorableJson(raw: string): unknown {
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
interface ParsedCallbackBody {
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

// The caller: the merchant, a forger, or nobody (headers absent).

/**
 * Who sent a callback, by its headers: the merchant's own X-MerchantId/X-Secret (`merchant`),
 * headers that do not match (`forged`), or none at all (`anonymous`).
 */
type Caller = "merchant" | "forged" | "anonymous"

/** The kinds Platega may send without the merchant headers (its OpenAPI marks them optional). */
const UNAUTHENTICATED_KINDS: readonly PlategaCallback["kind"][] = ["subscription_charge"]

async function callerOf(
  platega: Pick<PlategaModuleService, "verifyCallbackHeaders">,
  headers: Record<string, unknown>,
): Promise<Caller> {
  const given =
    headerValue(headers, "x-merchantid") !== undefined ||
    headerValue(headers, "x-secret") !== undefined
  if (!given) return "anonymous"
  return (await platega.verifyCallbackHeaders(headers)) ? "merchant" : "forged"
}

/**
 * What the callback log keeps of a body that came without the merchant headers: its ids and
 * status, nothing else (anyone can send such a body; the rest is neither used nor stored). The
 * SubscriptionId is kept because the charge is confirmed by reading that subscription.
 */
function keptOfUnauthenticated(callback: SubscriptionChargeCallback): Record<string, unknown> {
  return { Id: callback.Id, Status: callback.Status, SubscriptionId: callback.SubscriptionId }
}
