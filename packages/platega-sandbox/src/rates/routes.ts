import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { merchantRoute } from "../shared/routes"
import { iso } from "../shared/timefmt"
import { pairRate } from "./engine"
import { parseRateQuery } from "./schemas"

// GET /rates/payment_method_rate: legacy in Platega's current documentation, called by every
// public client. The rate of a pair for one payment method, with when it was last set.

export function rateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get("/rates/payment_method_rate", merchantRoute(ctx), async (req) => {
    const q = parseRateQuery(ctx, req.query)
    return {
      paymentMethod: q.method,
      currencyFrom: q.from,
      currencyTo: q.to,
      // parseRateQuery checked that both currencies have a rate for the method.
      rate: pairRate(ctx, q.from, q.to, q.method)!,
      updatedAt: iso(ctx.ratesUpdatedAt),
    }
  })
}
