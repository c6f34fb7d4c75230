import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { merchantRoute } from "../shared/routes"
import { parseConversionPageQuery } from "./schemas"
import { conversionView } from "./views"

// GET /transaction/balance-unlock-operations (conversions): legacy in Platega's current
// documentation, called by public clients. A page of the conversions made, newest first. The
// static path wins over /transaction/{id}.

export function conversionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get("/transaction/balance-unlock-operations", merchantRoute(ctx), async (req) => {
    const q = parseConversionPageQuery(req.query)
    const matching = ctx.conversions
      .all()
      .filter(
        (c) => (q.from === null || c.createdAt >= q.from) && (q.to === null || c.createdAt <= q.to),
      )
      .reverse()
    const start = (q.page - 1) * q.size
    return {
      content: matching.slice(start, start + q.size).map(conversionView),
      totalElements: matching.length,
      totalPages: Math.ceil(matching.length / q.size),
      page: q.page,
      size: q.size,
    }
  })
}
