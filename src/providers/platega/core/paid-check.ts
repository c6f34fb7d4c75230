import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput, Logger } from "@medusajs/framework/types"
import type { TransactionStatus } from "../../../lib/platega"
import type { ClaimKind, PlategaAccess } from "../../../modules/platega"
import { paymentMismatch, sessionStatusFor } from "./decisions"
import { toDecimalString } from "../../../lib/platega/money"
import type { PlategaSessionData } from "./session-data"

/** The store's payment sessions, as the providers see them (the payment module's own service). */
export interface SessionLookup {
  /** Whether the session exists; any failure but "not found" counts as existing. */
  exists(id: string): Promise<boolean>
  /** What the session asks Medusa to capture; undefined when there is no such session. */
  asked(
    id: string | null | undefined,
  ): Promise<{ amount: BigNumberInput; currency_code: string } | undefined>
}

interface PaymentSessionService {
  retrieve(
    id: string,
    config?: { select?: string[] },
  ): Promise<{ amount: BigNumberInput; currency_code: string }>
}

/** The one accessor of payment sessions for the providers (their container's service). */
export function sessionLookup(cradle: Record<string, unknown>): SessionLookup {
  const service = () => cradle["paymentSessionService"] as PaymentSessionService
  return {
    async exists(id) {
      try {
        await service().retrieve(id, { select: ["id"] })
        return true
      } catch (e) {
        // Only "not found" frees a claim; any other failure keeps it where it is.
        return !(MedusaError.isMedusaError(e) && e.type === MedusaError.Types.NOT_FOUND)
      }
    },
    async asked(id) {
      if (!id?.startsWith("payses_")) return undefined
      try {
        return await service().retrieve(id, { select: ["amount", "currency_code"] })
      } catch {
        return undefined
      }
    },
  }
}

export interface PaidCheckDeps {
  access: PlategaAccess
  sessions: SessionLookup
  logger?: Logger
}

/** What the payment claims need of this store: its claims and its payment sessions. */
export function ownershipDeps(deps: PaidCheckDeps): OwnershipDeps {
  return { access: deps.access, sessionExists: (id) => deps.sessions.exists(id) }
}

/**
 * Money Platega took is accepted as paid only for the amount and currency the session asked;
 * anything else is an error (logged with `what`, e.g. "transaction … is CONFIRMED").
 */
export function paidOrError(
  data: PlategaSessionData,
  paid: Pick<TransactionStatus, "paymentDetails">,
  what: string,
  logger?: Logger,
): PaymentSessionStatus {
  return whyNotAsAsked(data, paid, what, logger)
    ? PaymentSessionStatus.ERROR
    : PaymentSessionStatus.CAPTURED
}

/** Why the money paid is not what `asked` says (logged); undefined when it is. */
function whyNotAsAsked(
  asked: Pick<PlategaSessionData, "amount" | "currency">,
  paid: Pick<TransactionStatus, "paymentDetails">,
  what: string,
  logger?: Logger,
): string | undefined {
  const expected =
    asked.amount !== undefined && asked.currency !== undefined
      ? { amount: asked.amount, currency_code: asked.currency }
      : undefined
  const mismatch = paymentMismatch(expected, paid)
  if (mismatch) logger?.error(`Platega: ${what} but ${mismatch}; not accepted as paid`)
  return mismatch
}

/** A session's status from Platega's answer, and why a paid answer was not accepted. */
export interface CheckedStatus {
  status: PaymentSessionStatus
  /** Set when Platega says paid but the session may not take it (the status is then ERROR). */
  refused?: string
}

/**
 * THE decision whether a paid transaction pays its session, made at the session's authorization
 * whichever path asks (the callback, the shopper's return, reconciliation, re-check): the amount
 * and currency are those of the session row (what Medusa will capture), and the transaction must
 * be this session's own and pay no other one. Otherwise the status is an error, with the reason.
 */
export async function checkedStatus(
  data: PlategaSessionData,
  tx: TransactionStatus,
  deps: PaidCheckDeps,
): Promise<CheckedStatus> {
  const status = sessionStatusFor(tx.status)
  if (status !== PaymentSessionStatus.CAPTURED) return { status }
  const row = await deps.sessions.asked(data.session_id)
  const asked = row
    ? {
        amount: toDecimalString(row.amount, row.currency_code),
        currency: row.currency_code.toUpperCase(),
      }
    : data
  const mismatch = whyNotAsAsked(asked, tx, `transaction ${tx.id} is CONFIRMED`, deps.logger)
  if (mismatch) return { status: PaymentSessionStatus.ERROR, refused: mismatch }
  const refused = await whyNotThisSession(data, tx, ownershipDeps(deps))
  if (!refused) return { status }
  deps.logger?.warn(`Platega: not accepted as paid for session ${data.session_id}: ${refused}`)
  return { status: PaymentSessionStatus.ERROR, refused }
}

// Which session a paid transaction may pay: the claims.

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
    if (!(await deps.access.isPaymentLinkTransaction(tx.id, data.link_of))) {
      return `transaction ${tx.id} is not the transaction of payment link ${data.link_of}`
    }
  } else if (data.renewal_of) {
    if (!(await deps.access.isSubscriptionCharge(tx.id, data.renewal_of))) {
      return `transaction ${tx.id} is not a charge of subscription ${data.renewal_of}`
    }
  } else if (tx.payload !== sessionId) {
    return `transaction ${tx.id} was made for another payment (payload ${tx.payload || "none"})`
  }
  const owner = await claimFor("transaction", tx.id, sessionId, deps)
  if (owner !== sessionId) return `transaction ${tx.id} already pays payment session ${owner}`
  return undefined
}
