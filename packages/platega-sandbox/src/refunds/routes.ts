import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { findTransaction, merchantRoute, type IdParams } from "../shared/routes"
import { cancelSupport, cancelTransaction } from "./engine"

// Refunds are "cancelling a transaction" in the service's words: ask first, then cancel.
export function refundRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const auth = merchantRoute(ctx)

  app.get<IdParams>("/transaction/:id/cancel-supported", auth, async (req) => {
    return cancelSupport(ctx, findTransaction(ctx, req.params.id))
  })

  app.post<IdParams>("/transaction/:id/cancel", auth, async (req) => {
    return cancelTransaction(ctx, findTransaction(ctx, req.params.id))
  })
}
