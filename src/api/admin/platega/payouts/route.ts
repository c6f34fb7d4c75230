import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { PAYOUT_AMOUNT_RUB } from "../../../../lib/platega"
import {
  PLATEGA_MODULE,
  toAdminPayout,
  type PayoutRow,
  type PlategaModuleService,
} from "../../../../modules/platega"
import { createPlategaPayoutWorkflow } from "../../../../workflows/payouts/create-payout"
import type { PayoutActor } from "../../../../workflows/payouts/types"
import {
  IdempotencyKeyHeader,
  type AdminCreatePlategaPayoutType,
  type AdminGetPlategaPayoutsType,
} from "./validators"

/** GET /admin/platega/payouts: the payout history, newest first, and whether payouts can be made. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminGetPlategaPayoutsType>,
  res: MedusaResponse,
): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const { limit, offset, status } = req.validatedQuery
  const [rows, count] = await platega.listAndCountPlategaPayouts(status ? { status } : {}, {
    skip: offset,
    take: limit,
    order: { created_at: "DESC", id: "DESC" },
  })
  const settings = await platega.getEffectiveSettings()
  res.json({
    payouts: rows.map((r) => toAdminPayout(r as PayoutRow)),
    count,
    limit,
    offset,
    payout_key_configured: !!settings.payoutKey,
    amount_limits: { min: PAYOUT_AMOUNT_RUB.min, max: PAYOUT_AMOUNT_RUB.max },
  })
}

/**
 * POST /admin/platega/payouts with an Idempotency-Key header: one payout per key, ever. The same
 * key again answers the same payout (header `Idempotent-Replayed: true`) and sends nothing.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreatePlategaPayoutType>,
  res: MedusaResponse,
): Promise<void> {
  const key = IdempotencyKeyHeader.safeParse(req.headers["idempotency-key"])
  if (!key.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, key.error.issues[0].message)
  }
  const input = {
    ...req.validatedBody,
    idempotency_key: key.data,
    actor: await actorOf(req),
  }
  try {
    const { result } = await createPlategaPayoutWorkflow(req.scope).run({ input })
    if (result.replayed) res.setHeader("Idempotent-Replayed", "true")
    res.json({ payout: result.payout })
  } catch (e) {
    // A duplicate that waited longer than the lock allows: the first request still holds it.
    const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [row] = isLockTimeout(e)
      ? await platega.listPlategaPayouts({ idempotency_key: key.data }, { take: 1 })
      : []
    if (!row) throw e
    res.setHeader("Idempotent-Replayed", "true")
    res.json({ payout: toAdminPayout(row as PayoutRow) })
  }
}

function isLockTimeout(e: unknown): boolean {
  return e instanceof Error && /failed to acquire lock/i.test(e.message)
}

async function actorOf(req: AuthenticatedMedusaRequest): Promise<PayoutActor> {
  const id = req.auth_context?.actor_id || null
  if (!id) return { id: null, email: null }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "user", fields: ["id", "email"], filters: { id } })
  return { id, email: (data[0] as { email?: string } | undefined)?.email ?? null }
}
