import type { ClaimKind, PlategaAccess } from "../../../modules/platega"
import type { TransactionStatus } from "../../../lib/platega"
import type { PlategaSessionData } from "./session-data"

export interface OwnershipDeps {
  access: PlategaAccess
  /** Whether a Medusa payment session exists (a claim of a deleted one may be taken over). */
  sessionExists(id: string): Promise<boolean>
}

/**
 * Claims a Platega payment for `sessionId`; answers the session that owns it then. A claim held
 * by a session that no longer exists (its workflow was undone and Medusa deleted it) passes on.
 */
export async function claimFor(
  kind: ClaimKind,
  id: string,
  sessionId: string,
  deps: OwnershipDeps,
): Promise<string> {
  const owner = await deps.access.claims.claim(kind, id, sessionId)
  if (owner === sessionId || !owner || (await deps.sessionExists(owner))) return owner
  return deps.access.claims.takeOver(kind, id, owner, sessionId)
}

/**
 * Why Platega's paid answer for `tx` may not pay this session; undefined when it may. A session
 * is paid only by the transaction made for it: its own (Platega's `payload` is the session id), its
 * payment link's (the payload is the session's payment collection), or its subscription's charge
 * (the charge ledger) — and only if no other session holds that transaction already (the claim).
 * Whatever a storefront put in the session's data, another payment's money never pays it.
 */
export async function whyNotThisSession(
  data: PlategaSessionData,
  tx: Pick<TransactionStatus, "id" | "payload">,
  deps: OwnershipDeps,
): Promise<string | undefined> {
  const sessionId = data.session_id
  if (!sessionId) return "the payment session has no id"
  if (data.link_of) {
    if (!(await deps.access.isLinkOf(tx.id, data.link_of))) {
      return `transaction ${tx.id} is not the transaction of payment link ${data.link_of}`
    }
  } else if (data.renewal_of) {
    if (!(await deps.access.isChargeOf(tx.id, data.renewal_of))) {
      return `transaction ${tx.id} is not a charge of subscription ${data.renewal_of}`
    }
  } else if (tx.payload !== sessionId) {
    return `transaction ${tx.id} was made for another payment (payload ${tx.payload || "none"})`
  }
  const owner = await claimFor("transaction", tx.id, sessionId, deps)
  if (owner !== sessionId) return `transaction ${tx.id} already pays payment session ${owner}`
  return undefined
}
