import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { withCartLock } from "../../workflows/checkout/settle-checkout"
import { cartOfPaymentCollection } from "../../workflows/module-link-reads"
import { recordSubscriptionCheckouts } from "../../workflows/subscriptions/subscription-record"
import { untilAnswered } from "./until-answered"

const PAID = new Set(["authorized", "captured"])

/**
 * Before Medusa's POST /store/payment-collections/:id/payment-sessions, for any provider: the
 * request holds its cart's lock until it is answered, so replacing a session (Medusa deletes the
 * old one beside making the new one, and takes no lock) and settling the old one's payment
 * (checkout/settle-checkout.ts, under the same lock) take turns. A cart whose payment went
 * through is not paid again: 409, and its order is made from that payment. A subscription the
 * old session made is recorded before Medusa deletes the session (its payer may still bind it).
 */
export async function takeCartTurn(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  try {
    const cartId = await cartOfPaymentCollection(req.scope, req.params.id)
    if (!cartId) return next()
    const turn = withCartLock(req.scope, cartId, () =>
      untilAnswered(res, next, async () => {
        const sessions = await sessionsOf(req)
        const paid = sessions.find((s) => PAID.has(s.status))?.id
        if (!paid) {
          await recordSubscriptionCheckouts(req.scope, sessions)
          return next()
        }
        conflict(
          res,
          "cart_paid",
          `Cart ${cartId} is paid already (payment session ${paid}): it becomes an order with that payment; complete the cart instead of paying again`,
        )
      }),
    )
    await turn.catch(() => {
      if (!res.headersSent) {
        conflict(
          res,
          "cart_busy",
          `Cart ${cartId} is busy (its payment is being settled): try again in a moment`,
        )
      }
    })
  } catch (e) {
    if (!res.headersSent) next(e)
  }
}

/**
 * 409 with its own words, sent here: Medusa's error handler answers every conflict with a
 * message of its own, which would not tell the shopper why.
 */
function conflict(res: MedusaResponse, code: string, message: string): void {
  res.status(409).json({ type: MedusaError.Types.CONFLICT, code, message })
}

type Session = { id: string; status: string; provider_id: string; data: Record<string, unknown> }

/** The collection's sessions, which Medusa is about to replace. */
async function sessionsOf(req: MedusaRequest): Promise<Session[]> {
  const sessions = await req.scope
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { payment_collection_id: req.params.id },
      { select: ["id", "status", "provider_id", "data"] },
    )
  return sessions as Session[]
}
