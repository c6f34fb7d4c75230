import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import PlategaModule from "../modules/platega"

/** Every order a subscription paid for: the checkout's order, then one per renewal charge. */
export default defineLink(PlategaModule.linkable.plategaSubscription, {
  linkable: OrderModule.linkable.order,
  isList: true,
})
