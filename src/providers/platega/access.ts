import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PlategaAccess, type PlategaAccessInit, type PlategaOptions } from "../../modules/platega"

/**
 * How the providers reach Platega. They live in the payment module's container, which cannot
 * resolve the `platega` module, so each provider builds the same `PlategaAccess` the module uses,
 * over Medusa's shared database connection: the settings saved in the admin, else its own
 * options, re-read every few seconds. Nothing process-wide is set.
 */
export function providerAccess(
  cradle: Record<string, unknown>,
  options: PlategaOptions,
  given?: ReadonlySet<string>,
): PlategaAccess {
  let pg: PlategaAccessInit["pg"]
  try {
    pg = cradle[ContainerRegistrationKeys.PG_CONNECTION] as PlategaAccessInit["pg"]
  } catch {
    // Built outside Medusa (no database): the options alone apply.
    pg = undefined
  }
  let logger: Logger | undefined
  try {
    logger = cradle[ContainerRegistrationKeys.LOGGER] as Logger | undefined
  } catch {
    logger = undefined
  }
  return new PlategaAccess({ pg, options, given, logger })
}
