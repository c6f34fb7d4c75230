import { defineLink } from "@medusajs/framework/utils"
import ProductModule from "@medusajs/medusa/product"
import PlategaModule from "../modules/platega"

/** A product variant sold by subscription has one plan; deleting the variant deletes its plan. */
export default defineLink(ProductModule.linkable.productVariant, {
  linkable: PlategaModule.linkable.plategaPlan,
  deleteCascade: true,
})
