import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance, AxiosResponse } from "axios"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import type { RunningSandbox } from "platega-sandbox"

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
