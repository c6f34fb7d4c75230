import { PlategaSubscriptionBase } from "../core/subscription-base"

/** Subscriptions: Platega method 6 (the plan comes from the cart's variants). */
export class PlategaSubscriptionService extends PlategaSubscriptionBase {
  static override identifier = "platega-subscription"
}
