import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { merchantRoute } from "../shared/routes"

export function balanceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get("/balance/all", merchantRoute(ctx), async () =>
    ctx.ledger
      .views()
      .map((b) => ({ amount: b.amount, currency: b.currency, frozenBalance: b.frozenBalance })),
  )
}
