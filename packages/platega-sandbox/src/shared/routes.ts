import type { FastifyReply, FastifyRequest } from "fastify"
import type { SandboxContext } from "../context"
import { authError, notFound } from "./errors"
import { verifyPgHmac } from "./hmac"

/** Route options of an API route authenticated with X-MerchantId / X-Secret. */
export function merchantRoute(ctx: SandboxContext) {
  return {
    config: { api: true },
    onRequest: async (req: FastifyRequest) => {
      ctx.auth.check(req.headers["x-merchantid"], req.headers["x-secret"])
    },
  }
}

/** Route options of an API route authenticated with PG-HMAC over the raw body. */
export function signedRoute(ctx: SandboxContext) {
  return {
    config: { api: true },
    preHandler: async (req: FastifyRequest, _reply: FastifyReply) => {
      const header = req.headers.authorization
      const idem = req.headers["idempotency-key"]
      const result = verifyPgHmac({
        authorization: typeof header === "string" ? header : undefined,
        method: req.method,
        url: req.url,
        idempotencyKey: req.method === "GET" ? "" : typeof idem === "string" ? idem : "",
        body: req.rawBody ?? Buffer.alloc(0),
        nowMs: ctx.clock.now(),
        merchantId: ctx.merchantId,
        key: ctx.payoutKey,
        schemes: ctx.settings.hmacSchemes,
        windowSeconds: ctx.settings.hmacWindowSeconds,
        pathMode: ctx.settings.hmacPathMode,
      })
      if (!result.ok) throw authError(result.reason)
    },
  }
}

export function findTransaction(ctx: SandboxContext, id: string): number {
  const i = ctx.txs.indexOf(id.toLowerCase())
  if (i < 0) throw notFound("Transaction", id)
  return i
}

export type IdParams = { Params: { id: string } }
