import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  originsOfCors,
  PLATEGA_MODULE,
  storefrontReturnAddress,
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

type Addresses = { return_url?: string; failed_url?: string }

/**
 * Return and failure addresses from the store API must be on the store's own storefronts: a 400
 * naming the field otherwise, before anything is made at Platega. Answers them normalised (see
 * storefrontReturnAddress): what is kept and sent on is the parsed address, never the text given.
 */
export async function checkStorefrontReturnAddresses(
  scope: Scope,
  addresses: { return_url?: unknown; failed_url?: unknown },
  prefix = "",
): Promise<Addresses> {
  const given = (["return_url", "failed_url"] as const).filter(
    (f) => addresses[f] !== undefined && addresses[f] !== null,
  )
  const checked: Addresses = {}
  if (!given.length) return checked
  const origins = await storefrontOrigins(scope)
  for (const field of given) {
    const value = addresses[field]
    const read =
      typeof value === "string"
        ? storefrontReturnAddress(value, origins)
        : { problem: "must be an absolute http(s) address of the storefront" }
    if ("problem" in read) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${prefix}${field} ${read.problem}`)
    }
    checked[field] = read.address
  }
  return checked
}
