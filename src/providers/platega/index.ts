import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PlategaCardService } from "./services/card"
import { PlategaSbpService } from "./services/sbp"

export { PlategaSbpService, PlategaCardService }
export { plategaOptionsSchema, type PlategaOptionsInput } from "./options"

export default ModuleProvider(Modules.PAYMENT, {
  services: [PlategaSbpService, PlategaCardService],
})
