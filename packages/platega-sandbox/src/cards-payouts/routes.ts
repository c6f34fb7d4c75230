import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { createPayout } from "./engine"
import { fieldError } from "../shared/errors"
import { parseBooleanQuery } from "../shared/schemas"
import { parsePayoutRequest } from "./schemas"
import { signedRoute } from "../shared/routes"

export function cardRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const signed = signedRoute(ctx)

  // onlyActive omitted → every card (ACTIVE, DISABLED, PENDING).
  app.get<{ Querystring: { onlyActive?: string } }>("/api/v1/cards", signed, async (req) => {
    return ctx.cards.list(parseBooleanQuery("onlyActive", req.query.onlyActive, false))
  })

  app.post("/api/v1/payouts/card-rub", signed, async (req, reply) => {
    const key = req.headers["idempotency-key"]
    if (typeof key !== "string" || key.trim() === "") {
      throw fieldError("Idempotency-Key", "The Idempotency-Key header is required for payouts.")
    }
    if (key.length > 255) throw fieldError("Idempotency-Key", "must be at most 255 characters")
    const body = parsePayoutRequest(req.body)
    const { record, replayed } = createPayout(ctx, body, key)
    if (replayed) reply.header("Idempotent-Replayed", "true")
    return {
      withdrawalRecordId: record.withdrawalRecordId,
      status: record.status,
      cardMasked: record.cardMasked,
      amountUsdtDebited: record.amountUsdtDebited,
    }
  })
}
