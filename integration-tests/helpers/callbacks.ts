import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance, AxiosResponse } from "axios"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import type { RunningSandbox } from "platega-sandbox"
import { eventually } from "./checkout"
import { callbacksDelivered } from "./sandbox"

/** Posts a body to the plugin's callback URL, as Platega does, with the given (or the right) headers. */
export function postCallback(
  api: AxiosInstance,
  sandbox: RunningSandbox,
  body: unknown,
  headers: Record<string, string> = {
    "x-merchantid": sandbox.merchantId,
    "x-secret": sandbox.secret,
  },
): Promise<AxiosResponse> {
  return api.post("/hooks/platega", body, {
    headers: { "content-type": "application/json", ...headers },
    validateStatus: () => true,
    transformRequest: [(data) => (typeof data === "string" ? data : JSON.stringify(data))],
  })
}

/** The transaction callback body Platega would send for a transaction's current state. */
export async function transactionCallbackBody(
  sandbox: RunningSandbox,
  id: string,
  status?: string,
) {
  const res = await fetch(`${sandbox.url}/transaction/${id}`, {
    headers: { "X-MerchantId": sandbox.merchantId, "X-Secret": sandbox.secret },
  })
  const tx = (await res.json()) as {
    id: string
    status: string
    paymentDetails: { amount: number; currency: string }
    paymentMethod: string | null
    payload: string
  }
  return {
    id: tx.id,
    amount: tx.paymentDetails.amount,
    currency: tx.paymentDetails.currency,
    status: status ?? tx.status,
    paymentMethod: tx.paymentMethod,
    payload: tx.payload,
  }
}

export function callbackLog(container: MedusaContainer) {
  return container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaCallbackEvents({}, { take: 10_000 })
}

/**
 * The callbacks the store has recorded (about `plategaId`, when given) once there are at least
 * `atLeast` and each has been processed: its attempt is counted by the callback workflow's last
 * step, or by the failure it ended in. Throws when that does not happen within `timeoutMs`.
 */
export async function processedCallbacks(
  container: MedusaContainer,
  { plategaId, atLeast = 1, timeoutMs = 30_000 }: ProcessedOptions = {},
) {
  const done = (rows: Awaited<ReturnType<typeof callbackLog>>) =>
    rows.length >= atLeast && rows.every((r) => r.attempts > 0)
  const rows = await eventually(
    async () =>
      (await callbackLog(container)).filter(
        (r) => !plategaId || r.platega_id.toLowerCase() === plategaId.toLowerCase(),
      ),
    done,
    timeoutMs,
  )
  if (!done(rows)) {
    const seen = rows.map(
      (r) => `${r.platega_id} ${r.status}: ${r.outcome}, ${r.attempts} attempts`,
    )
    throw new Error(`callbacks not processed within ${timeoutMs} ms: ${seen.join("; ") || "none"}`)
  }
  return rows
}

interface ProcessedOptions {
  plategaId?: string
  atLeast?: number
  timeoutMs?: number
}

/**
 * For assertions that something did not happen (a second order, a second read of Platega) after
 * the first processing of a callback delivered more than once: the deliveries still in flight then
 * have no signal of their own, so nothing showing within this window is what such a spec asserts.
 */
export const QUIET_WINDOW_MS = 1_000
export const quietWindow = () => new Promise((r) => setTimeout(r, QUIET_WINDOW_MS))

/** A subscription charge callback as Platega may send it (then possibly without the headers). */
export function chargeCallbackFor(id: string = randomUUID(), extra: Record<string, unknown> = {}) {
  return {
    Id: id,
    Amount: 1,
    Currency: "RUB",
    Status: "CONFIRMED",
    PaymentMethod: 6,
    Payload: null,
    SubscriptionId: randomUUID(),
    NextChargeAt: null,
    ...extra,
  }
}

/**
 * The store is quiet: every callback the sandbox will still send (retries included) has been
 * answered and processed, and the work those started has had the quiet window to end.
 */
export async function storeQuiet(sandbox: RunningSandbox, container: MedusaContainer) {
  await callbacksDelivered(sandbox, 60_000)
  await processedCallbacks(container, { atLeast: 0, timeoutMs: 120_000 })
  await quietWindow()
}
