import { Module } from "@medusajs/framework/utils"
import PlategaModuleService from "./service"

export const PLATEGA_MODULE = "platega"

export default Module(PLATEGA_MODULE, {
  service: PlategaModuleService,
})

export { PlategaModuleService }
export * from "./events"
