import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  originsOfCors,
  PLATEGA_MODULE,
  returnAddressProblem,
  type PlategaModuleService,
} from "../../modules/platega"

type Scope = Pick<MedusaContainer, "resolve">

/** The storefront origins in force: the setting (or option), else those of `storeCors`. */
export async function storefrontOrigins(scope: Scope): Promise<string[]> {
  const settings = await scope.resolve<PlategaModuleService>(PLATEGA_MODULE).getEffectiveSettings()
  if (settings.storefrontOrigins?.length) return settings.storefrontOrigins
  const config = scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  return originsOfCors(config.projectConfig.http.storeCors)
}

/**
 * Return and failure addresses from the store API must be on the store's own storefronts: a 400
 * naming the field otherwise, before anything is made at Platega.
 */
export async function checkStorefrontReturnAddresses(
  scope: Scope,
  addresses: { return_url?: unknown; failed_url?: unknown },
  prefix = "",
): Promise<void> {
  const given = (["return_url", "failed_url"] as const).filter(
    (f) => addresses[f] !== undefined && addresses[f] !== null,
  )
  if (!given.length) return
  const origins = await storefrontOrigins(scope)
  for (const field of given) {
    const value = addresses[field]
    const problem =
      typeof value === "string"
        ? returnAddressProblem(value, origins)
        : "must be an absolute http(s) address of the storefront"
    if (problem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${prefix}${field} ${problem}`)
    }
  }
}
