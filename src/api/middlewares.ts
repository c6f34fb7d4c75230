import { defineMiddlewares } from "@medusajs/framework/http"
import { subscriptionPlanForSession } from "./store/payment-collections/subscription-plan"

export default defineMiddlewares({
  routes: [
    {
      // The callback route reads its own body, after checking the headers: a forged call gets 401
      // whatever it sends, and an unparsable one from Platega gets a 400 from our own parser.
      matcher: "/hooks/platega",
      method: ["POST"],
      bodyParser: false,
    },
    {
      // A subscription session needs the cart's plan (and a cart of one plan).
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [subscriptionPlanForSession],
    },
  ],
})
