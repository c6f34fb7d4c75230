import { UNNAMED_PAYER } from "../../../modules/platega/payer"
import type { PlategaSessionData } from "./session-data"

interface ContextCustomer {
  id?: string
  first_name?: string | null
  last_name?: string | null
}

/**
 * Platega's `metadata`: `userId` (a stable payer id) always with `userName`, as its schema
 * requires both. The customer Medusa gives the provider (a logged-in shopper) wins; otherwise the
 * payer the store-route middleware added to the session (a guest: a keyed hash of the e-mail).
 * Undefined when the store knows no payer at all.
 */
export function payerMetadata(
  customer: ContextCustomer | undefined,
  data: PlategaSessionData,
): { userId: string; userName: string } | undefined {
  const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(" ").trim()
  if (customer?.id) {
    return { userId: customer.id, userName: name || data.payer_name || UNNAMED_PAYER }
  }
  if (data.payer_id) return { userId: data.payer_id, userName: data.payer_name || UNNAMED_PAYER }
  return undefined
}
