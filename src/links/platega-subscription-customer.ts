import { defineLink } from "@medusajs/framework/utils"
import CustomerModule from "@medusajs/medusa/customer"
import PlategaModule from "../modules/platega"

/** A customer's Platega subscriptions. */
export default defineLink(
  { linkable: PlategaModule.linkable.plategaSubscription, isList: true },
  CustomerModule.linkable.customer,
)
