import type { FastifyInstance } from "fastify"
import { subscriptionStatusCode } from "../shared/codes"
import type { SandboxContext } from "../context"
import { cancelSubscription } from "./engine"
import { notFound } from "../shared/errors"
import { parseSubscriptionListQuery } from "./schemas"
import { subscriptionListItem, subscriptionSingle } from "./views"
import { merchantRoute, type IdParams } from "../shared/routes"

export function subscriptionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const auth = merchantRoute(ctx)
  const find = (id: string) => {
    const record = ctx.subs.get(id.toLowerCase())
    if (!record) throw notFound("Subscription", id)
    return record
  }

  // The list form: integer status and interval unit; newest first; page counts from 1.
  app.get("/subscription", auth, async (req) => {
    const q = parseSubscriptionListQuery(req.query)
    const matching = ctx.subs
      .all()
      .filter(
        (s) =>
          (q.status === null || subscriptionStatusCode(s.status) === q.status) &&
          (q.from === null || s.createdAt >= q.from) &&
          (q.to === null || s.createdAt <= q.to),
      )
      .sort((a, b) => b.createdAt - a.createdAt)
    const start = (q.page - 1) * q.size
    return {
      items: matching.slice(start, start + q.size).map(subscriptionListItem),
      total: matching.length,
      page: q.page,
      size: q.size,
    }
  })

  app.get<IdParams>("/subscription/:id", auth, async (req) =>
    subscriptionSingle(find(req.params.id)),
  )

  // Idempotent: cancelling a cancelled (or failed) subscription answers its status again. The
  // cancel answer writes the status in lower case (`cancelled`), unlike the reads (`Cancelled`).
  app.post<IdParams>("/subscription/:id/cancel", auth, async (req) => {
    const record = find(req.params.id)
    cancelSubscription(ctx, record)
    return { subscriptionId: record.id, status: record.status.toLowerCase() }
  })
}
