import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseCallback } from "../../../lib/platega"
import {
  isFinalOutcome,
  PLATEGA_CALLBACK_RECEIVED,
  PLATEGA_MODULE,
  type PlategaModuleService,
} from "../../../modules/platega"
import { MAX_FIELD_LENGTH, parseStorableJson, readBody } from "./body"

/**
 * THE callback URL for all three kinds of Platega callback. Answers fast (Platega waits 60 s, then
 * retries 3 times and gives up): verify, record, hand over to the event bus, 200. Any body gets a
 * 2xx or a 4xx: nothing a caller sends makes it fail.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  // Before anything else: a forged call learns nothing and changes nothing.
  if (!(await platega.verifyCallbackHeaders(req.headers as Record<string, unknown>))) {
    res.status(401).json({ message: "Unauthorized: X-MerchantId/X-Secret do not match" })
    return
  }
  let raw: string
  try {
    raw = (await readBody(req)).toString("utf8")
  } catch (e) {
    res.status(413).json({ message: (e as Error).message })
    return
  }
  if (raw.trim() === "") {
    // The dashboard probes a new callback URL with an empty POST and needs a 200.
    res.status(200).json({ ok: true })
    return
  }
  let body: Record<string, unknown>
  let callback
  try {
    body = parseStorableJson(raw) as Record<string, unknown>
    callback = parseCallback(body)
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
  if (record.platega_id.length > MAX_FIELD_LENGTH || record.status.length > MAX_FIELD_LENGTH) {
    res.status(400).json({ message: "Invalid Platega callback: id or status too long" })
    return
  }
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
