import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { RunningSandbox } from "platega-sandbox"

/**
 * A payment made at Platega outside the store's checkout (another shop's code, a dashboard link,
 * a payload the store never made): SBP, `amount` RUB, with `payload` as given.
 */
export async function strayTransaction(
  sandbox: RunningSandbox,
  amount: number,
  payload: string,
): Promise<string> {
  const res = await fetch(`${sandbox.url}/transaction/process`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-MerchantId": sandbox.merchantId,
      "X-Secret": sandbox.secret,
    },
    body: JSON.stringify({
      paymentMethod: 2,
      paymentDetails: { amount, currency: "RUB" },
      description: "Paid outside the store",
      return: "http://localhost:8000/return",
      failedUrl: "http://localhost:8000/failed",
      payload,
    }),
  })
  if (!res.ok) throw new Error(`the sandbox refused the payment: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { transactionId: string }).transactionId
}

/** The admin feed's notifications about one case: a transaction's case of one kind. */
export async function caseNotifications(
  container: MedusaContainer,
  transactionId: string,
  kind: string,
) {
  return container.resolve(Modules.NOTIFICATION).listNotifications({
    channel: "feed",
    idempotency_key: `platega-case:${transactionId.toLowerCase()}:${kind}`,
  } as never)
}

/** Every Platega case notification in the admin's feed. */
export async function allCaseNotifications(container: MedusaContainer) {
  const feed = await container
    .resolve(Modules.NOTIFICATION)
    .listNotifications({ channel: "feed" } as never, { take: 1000 })
  return feed.filter((n) =>
    (n as { idempotency_key?: string | null }).idempotency_key?.startsWith("platega-case:"),
  )
}
