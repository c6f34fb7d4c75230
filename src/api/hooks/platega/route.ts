import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseCallback } from "../../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { credentialsResolver } from "../../../providers/platega/core/credentials"
import { PLATEGA_CALLBACK_RECEIVED } from "../../../modules/platega/events"

/**
 * THE callback URL for all three kinds of Platega callback. Answers fast (Platega waits 60 s, then
 * retries 3 times and gives up): verify, record, hand over to the event bus, 200.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  // Before anything else: a forged call learns nothing and changes nothing.
  if (!(await credentialsResolver.verify(req.headers as Record<string, unknown>))) {
    res.status(401).json({ message: "Unauthorized: X-MerchantId/X-Secret do not match" })
    return
  }
  let raw: Buffer
  try {
    raw = await readBody(req, MAX_BODY_BYTES)
  } catch (e) {
    res.status(413).json({ message: (e as Error).message })
    return
  }
  if (raw.toString("utf8").trim() === "") {
    // The dashboard probes a new callback URL with an empty POST and needs a 200.
    res.status(200).json({ ok: true })
    return
  }
  let callback
  try {
    callback = parseCallback(raw)
  } catch (e) {
    res.status(400).json({ message: `Invalid Platega callback: ${(e as Error).message}` })
    return
  }
  if (callback.kind === "probe") {
    res.status(200).json({ ok: true })
    return
  }
  const record =
    callback.kind === "transaction"
      ? { kind: callback.kind, platega_id: callback.id, status: callback.status }
      : { kind: callback.kind, platega_id: callback.Id, status: callback.Status }
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  // PostgreSQL jsonb cannot hold NUL characters; a callback never carries them.
  const body = JSON.parse(raw.toString("utf8").replaceAll("\\u0000", "")) as Record<string, unknown>
  const saved = await platega.recordCallback({ ...record, body })
  if (saved.created || !isFinalOutcome(saved.outcome)) {
    const eventBus = req.scope.resolve(Modules.EVENT_BUS)
    // With the Redis event bus the job is durable and retried; the reconciliation job backs it up.
    await eventBus.emit(
      { name: PLATEGA_CALLBACK_RECEIVED, data: { id: saved.id } },
      { attempts: 5 },
    )
  } else {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .debug(`Platega: duplicate callback ${saved.id}`)
  }
  res.status(200).json({ ok: true, id: saved.id, duplicate: !saved.created })
}

/** Platega's callbacks are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024

function readBody(req: MedusaRequest, limit: number): Promise<Buffer> {
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

/** Outcomes that a repeated delivery cannot change; anything else is processed (again). */
function isFinalOutcome(outcome: string): boolean {
  return ["captured", "ignored", "flagged", "recorded", "refunded"].includes(outcome)
}
