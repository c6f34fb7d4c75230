import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PlategaMethodService } from "../platega/services/method"

/**
 * One more Platega payment method, named by the options: register this provider once per method
 * the merchant's account offers, each with its own `id`, `method` code and `title` (see
 * docs/payments.md, "Every method"). `pp_platega-method_<id>` is then a provider like
 * pp_platega-sbp_platega.
 */
export default ModuleProvider(Modules.PAYMENT, { services: [PlategaMethodService] })
