import type { FastifyInstance } from "fastify"
import { NO_METHOD } from "../shared/codes"
import type { SandboxContext } from "../context"
import { createPayment } from "./engine"
import { createSubscription } from "../subscriptions/engine"
import { ApiError, fieldError, forbidden } from "../shared/errors"
import { fromMinor, toMinor } from "../shared/money"
import { parseLinkRequest, parseProcessRequest, type PaymentBody } from "./schemas"
import { createLinkResponse, createPaymentResponse, transactionStatusResponse } from "./views"
import { qrContent } from "../payer/links"
import { createSubscriptionResponse } from "../subscriptions/views"
import { findTransaction, merchantRoute, type IdParams } from "../shared/routes"

function paymentInput(ctx: SandboxContext, method: number, body: PaymentBody, link: boolean) {
  if (ctx.settings.requireUserId && !body.metadata?.userId) {
    throw fieldError(
      "metadata.userId",
      "metadata.userId is required for this merchant (anti-fraud)",
    )
  }
  return {
    method,
    amountMinor: toMinor(body.paymentDetails.amount),
    currency: body.paymentDetails.currency,
    description: body.description,
    payload: body.payload ?? null,
    returnUrl: body.return,
    failedUrl: body.failedUrl,
    orderId: body.orderId ?? null,
    metadata: body.metadata ?? null,
    link,
  }
}

export function transactionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const auth = merchantRoute(ctx)

  app.post("/transaction/process", auth, async (req) => {
    const request = parseProcessRequest(req.body)
    if (request.kind === "subscription") {
      const { body } = request
      const record = createSubscription(ctx, {
        amountMinor: toMinor(body.paymentDetails.amount),
        currency: body.paymentDetails.currency,
        intervalCode: body.paymentDetails.interval,
        intervalCount: body.paymentDetails.intervalCount,
        description: body.description,
        payload: body.payload ?? null,
        returnUrl: body.return ?? null,
        failedUrl: body.failedUrl ?? null,
      })
      return createSubscriptionResponse(ctx, record)
    }
    const i = createPayment(ctx, paymentInput(ctx, request.method, request.body, false))
    return createPaymentResponse(ctx, i)
  })

  app.post("/v2/transaction/process", auth, async (req) => {
    const body = parseLinkRequest(req.body)
    const i = createPayment(ctx, paymentInput(ctx, NO_METHOD, body, true))
    return createLinkResponse(ctx, i)
  })

  app.get<IdParams>("/transaction/:id", auth, async (req) => {
    return transactionStatusResponse(ctx, findTransaction(ctx, req.params.id))
  })

  app.get<IdParams>("/h2h/:id", auth, async (req) => {
    if (!ctx.settings.h2hEnabled)
      throw forbidden("Host-to-host QR is not enabled for this merchant.")
    const i = ctx.txs.indexOf(req.params.id.toLowerCase())
    // The service answers an unknown id here with 400, not 404 (seen in production).
    if (i < 0) {
      throw new ApiError(400, "Common:VAL_0001", 4001, "Transaction not found.", [
        { key: "id", message: `transaction ${req.params.id} was not found` },
      ])
    }
    if (ctx.txs.method[i] !== 2) {
      throw new ApiError(
        400,
        "Common:VAL_0001",
        4001,
        "Host-to-host QR exists only for SBP (method 2) transactions.",
        [{ key: "id", message: "not an SBP transaction" }],
      )
    }
    return { amount: fromMinor(ctx.txs.amountMinor[i]), qr: qrContent(ctx, ctx.txs.ids[i]) }
  })
}
