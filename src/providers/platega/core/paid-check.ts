import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput, Logger } from "@medusajs/framework/types"
import type { TransactionStatus } from "../../../lib/platega"
import type { PlategaAccess } from "../../../modules/platega"
import { paymentMismatch, sessionStatusFor } from "./decisions"
import { toDecimalString } from "../../../lib/platega/money"
import { whyNotThisSession, type OwnershipDeps } from "./ownership"
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
  const expected =
    data.amount !== undefined && data.currency !== undefined
      ? { amount: data.amount, currency_code: data.currency }
      : undefined
  const mismatch = paymentMismatch(expected, paid)
  if (!mismatch) return PaymentSessionStatus.CAPTURED
  logger?.error(`Platega: ${what} but ${mismatch}; not accepted as paid`)
  return PaymentSessionStatus.ERROR
}

/**
 * A transaction's session status, never reporting money the store did not ask for: a CONFIRMED
 * amount or currency other than the session's (what Medusa will capture, as the callback's
 * decision compares) is an error, and so is a transaction that was not made for this session or
 * already pays another one.
 */
export async function checkedStatus(
  data: PlategaSessionData,
  tx: TransactionStatus,
  deps: PaidCheckDeps,
): Promise<PaymentSessionStatus> {
  const status = sessionStatusFor(tx.status)
  if (status !== PaymentSessionStatus.CAPTURED) return status
  const row = await deps.sessions.asked(data.session_id)
  const asked = row
    ? {
        ...data,
        amount: toDecimalString(row.amount, row.currency_code),
        currency: row.currency_code.toUpperCase(),
      }
    : data
  const paid = paidOrError(asked, tx, `transaction ${tx.id} is CONFIRMED`, deps.logger)
  if (paid !== PaymentSessionStatus.CAPTURED) return paid
  const refused = await whyNotThisSession(data, tx, ownershipDeps(deps))
  if (!refused) return paid
  deps.logger?.warn(`Platega: not accepted as paid for session ${data.session_id}: ${refused}`)
  return PaymentSessionStatus.ERROR
}
