import formbody from "@fastify/formbody"
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify"
import type { SandboxContext } from "./context"
import {
  ApiError,
  ControlError,
  VALIDATION_MESSAGE,
  traceId,
  validationError,
} from "./shared/errors"
import { balanceRoutes } from "./balances/routes"
import { cardRoutes } from "./cards-payouts/routes"
import { controlRoutes } from "./control/routes"
import { conversionRoutes } from "./conversions/routes"
import { dashboardRoutes } from "./dashboard/routes"
import { exportRoutes } from "./exports/routes"
import { payRoutes } from "./payer/routes"
import { rateRoutes } from "./rates/routes"
import { refundRoutes } from "./refunds/routes"
import { subscriptionRoutes } from "./subscriptions/routes"
import { transactionRoutes } from "./transactions/routes"
import type { SandboxControl } from "./control/types"

declare module "fastify" {
  interface FastifyRequest {
    /** exact request body bytes (PG-HMAC signs them) */
    rawBody?: Buffer
  }
  interface FastifyContextConfig {
    /** a Platega API route: faults apply */
    api?: boolean
    /** a /_sandbox control route: loopback only unless allowRemoteControl */
    control?: boolean
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function routeKey(req: FastifyRequest): string {
  return `${req.method} ${req.routeOptions.url ?? req.url}`
}

export function isLoopback(address: string | undefined): boolean {
  return (
    !!address &&
    (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."))
  )
}

function sendApiError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.plainText)
    return reply.code(err.httpStatus).type("text/plain; charset=utf-8").send(err.message)
  return reply.code(err.httpStatus).send(err.body())
}

export async function buildServer(
  ctx: SandboxContext,
  control: SandboxControl,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets of clients must not hold stop() open.
    forceCloseConnections: true,
  })

  // JSON is parsed by hand to keep the exact bytes for PG-HMAC and to answer bad JSON in the
  // service's validation shape. Swagger-made clients send application/*+json and text/plain too.
  app.removeContentTypeParser(["application/json", "text/plain"])
  const parseJson = (
    req: FastifyRequest,
    body: Buffer,
    done: (err: Error | null, value?: unknown) => void,
  ) => {
    req.rawBody = body
    if (body.length === 0) return done(null, undefined)
    try {
      done(null, JSON.parse(body.toString("utf8")))
    } catch (err) {
      done(
        validationError([
          { key: "body", message: `The body is not valid JSON: ${(err as Error).message}` },
        ]),
      )
    }
  }
  app.addContentTypeParser(/^application\/([\w.+-]*\+)?json/, { parseAs: "buffer" }, parseJson)
  app.addContentTypeParser("text/plain", { parseAs: "buffer" }, parseJson)
  await app.register(formbody)

  app.addHook("onRequest", async (req, reply) => {
    const config = req.routeOptions.config
    if (
      config.control &&
      !ctx.settings.allowRemoteControl &&
      !isLoopback(req.socket.remoteAddress)
    ) {
      return reply
        .code(403)
        .send({ error: "the control API answers loopback clients only (allowRemoteControl)" })
    }
    if (!config.api) return
    const latency = ctx.faults.latencyMs()
    if (latency > 0) await sleep(latency)
    const status = ctx.faults.errorStatus(routeKey(req))
    if (status !== null) {
      return reply.code(status).send({
        code: "Common:ERR_5000",
        type: 5000,
        message: "Injected fault: the service is unavailable.",
        data: [],
        traceId: traceId(),
      })
    }
  })

  app.addHook("onSend", async (req, reply, payload) => {
    if (
      req.routeOptions.config.api &&
      reply.statusCode < 500 &&
      ctx.faults.loseResponse(routeKey(req))
    ) {
      // The request was handled; only its answer is lost, as behind a failing proxy.
      reply.code(502).type("text/html")
      return "<html><body><h1>502 Bad Gateway</h1></body></html>"
    }
    const fields = req.routeOptions.config.api && ctx.faults.answerFields(routeKey(req))
    if (fields && reply.statusCode < 300 && typeof payload === "string") {
      return JSON.stringify({ ...(JSON.parse(payload) as object), ...fields })
    }
    return payload
  })

  // Anything but a read may have changed state: a data directory saves it shortly.
  app.addHook("onResponse", async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") ctx.changed()
  })

  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof ApiError) return sendApiError(reply, err)
    if (err instanceof ControlError) return reply.code(err.httpStatus).send({ error: err.message })
    const fe = err as FastifyError
    if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return sendApiError(
        reply,
        validationError([
          {
            key: "Content-Type",
            message: `Unsupported content type ${req.headers["content-type"]}`,
          },
        ]),
      )
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Framework-level refusals (413 body too large, 415…) keep their status, in the service's shape.
      const error = validationError([{ key: "body", message: fe.message }], VALIDATION_MESSAGE)
      return reply.code(fe.statusCode).send(error.body())
    }
    ctx.warn(`unexpected error on ${req.method} ${req.url}: ${err.stack ?? err.message}`)
    return reply.code(500).send({
      code: "Common:ERR_5000",
      type: 5000,
      message: "Internal error.",
      data: [],
      traceId: traceId(),
    })
  })

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({
      code: "Common:NF_0001",
      type: 4004,
      message: `No route ${req.method} ${req.url.split("?")[0]}.`,
      data: [],
      traceId: traceId(),
    })
  })

  // One call per resource folder: a new endpoint lives in its folder's routes.ts.
  transactionRoutes(app, ctx)
  refundRoutes(app, ctx)
  subscriptionRoutes(app, ctx)
  exportRoutes(app, ctx)
  balanceRoutes(app, ctx)
  rateRoutes(app, ctx)
  conversionRoutes(app, ctx)
  cardRoutes(app, ctx)
  payRoutes(app, ctx)
  controlRoutes(app, ctx, control)
  dashboardRoutes(app, ctx, control)
  return app
}
