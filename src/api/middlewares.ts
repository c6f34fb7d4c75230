import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminCreatePlategaPayout,
  AdminGetPlategaCards,
  AdminGetPlategaPayouts,
  AdminRecheckPlategaPayout,
} from "./admin/platega/payouts/validators"
import {
  AdminCreatePlategaExport,
  AdminListPlategaExports,
  AdminPlategaFileQuery,
} from "./admin/platega/exports/validators"
import {
  AdminPlategaConnectionTest,
  AdminPlategaSettingsAuditParams,
  AdminPlategaSettingsPatch,
} from "./admin/platega/validators"
import {
  AdminListPlategaSubscriptions,
  CancelPlategaSubscriptionBody,
} from "./admin/platega/subscriptions/validators"
import {
  AdminListPlategaTransactions,
  AdminRecheckPlategaTransaction,
  AdminRefundPlategaCase,
  AdminResolvePlategaCase,
} from "./admin/platega/transactions/validators"
import {
  AdminCreatePaymentLink,
  AdminSendPaymentLink,
  StorePayPaymentCollection,
} from "./admin/platega/payment-links/validators"
import { takeCartTurn } from "./store/cart-payment-lock"
import { StorePlategaMethodsQuery } from "./store/platega/methods/validators"
import { addPlategaSessionContext } from "./store/payment-session-context"
import { reuseOrBoundPaymentStart } from "./store/payment-start-guard"
import { subscriptionPlanForSession } from "./store/payment-collections/subscription-plan"
import { answerCompletedCart } from "./store/completed-cart"

export default defineMiddlewares({
  routes: [
    {
      // The callback route reads its own body (bounded, NUL-safe): the probe gets 200 whatever its
      // headers, a forged call 401, and an unparsable one from Platega a 400 from our own parser.
      matcher: "/hooks/platega",
      method: ["POST"],
      bodyParser: false,
    },
    {
      matcher: "/admin/platega/cards",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminGetPlategaCards, {})],
    },
    {
      matcher: "/admin/platega/payouts",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminGetPlategaPayouts, {})],
    },
    {
      matcher: "/admin/platega/payouts",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreatePlategaPayout)],
    },
    {
      matcher: "/admin/platega/payouts/:id/recheck",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRecheckPlategaPayout)],
    },
    {
      matcher: "/admin/platega/exports",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreatePlategaExport)],
    },
    {
      matcher: "/admin/platega/exports",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListPlategaExports, {})],
    },
    {
      matcher: "/admin/platega/exports/:id/platega-file",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminPlategaFileQuery, {})],
    },
    {
      matcher: "/admin/platega/settings",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminPlategaSettingsPatch)],
    },
    {
      matcher: "/admin/platega/settings/connection-check",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminPlategaConnectionTest)],
    },
    {
      matcher: "/admin/platega/settings/audit",
      method: ["GET"],
      middlewares: [
        validateAndTransformQuery(AdminPlategaSettingsAuditParams, {
          isList: true,
          defaults: ["id", "actor_id", "action", "fields", "created_at"],
        }),
      ],
    },
    {
      matcher: "/admin/platega/subscriptions",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListPlategaSubscriptions, {})],
    },
    {
      matcher: "/admin/platega/subscriptions/:id/cancel",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CancelPlategaSubscriptionBody)],
    },
    {
      matcher: "/admin/platega/transactions",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListPlategaTransactions, {})],
    },
    {
      matcher: "/admin/platega/transactions/:id/recheck",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRecheckPlategaTransaction)],
    },
    {
      matcher: "/admin/platega/transactions/:id/cases/:case_id/refund",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRefundPlategaCase)],
    },
    {
      matcher: "/admin/platega/transactions/:id/cases/:case_id/resolve",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminResolvePlategaCase)],
    },
    {
      matcher: "/admin/platega/orders/:id/payment-links",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreatePaymentLink)],
    },
    {
      matcher: "/admin/platega/payment-links/:id/send",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminSendPaymentLink)],
    },
    {
      matcher: "/store/platega/methods",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StorePlategaMethodsQuery, {})],
    },
    {
      matcher: "/store/platega/payment-collections/:id/pay",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StorePayPaymentCollection)],
    },
    {
      // A shopper's own subscriptions: only with a customer's session or token.
      matcher: "/store/platega/subscriptions*",
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
    {
      matcher: "/store/platega/subscriptions/:id/cancel",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CancelPlategaSubscriptionBody)],
    },
    {
      // A cart that is an order already (Platega's callback made it) is answered with its order.
      matcher: "/store/carts/:id/complete",
      method: ["POST"],
      middlewares: [answerCompletedCart],
    },
    {
      // Takes the cart's turn (a session is never replaced while its payment is being settled,
      // nor once it is paid); then takes only what a storefront may send, names the cart and the store in the payment
      // description the payer reads, a subscription session gets the cart's plan (and needs a cart
      // of one plan), and a payment start is bounded and answered again while it is still good.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [
        takeCartTurn,
        addPlategaSessionContext,
        subscriptionPlanForSession,
        reuseOrBoundPaymentStart,
      ],
    },
  ],
})
