import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseRussiaRegionArgs, setUpRussia } from "./russia-region"

/**
 * A Russia region paying through Platega, in one command, from the store's folder:
 *
 *   npx medusa exec ./node_modules/medusa-payment-platega/.medusa/server/src/scripts/create-russia-region.js
 *
 * Optional flags after the path: --region-name, --shipping-name, --shipping-price (rubles), and
 * --rub-prices-from <currency> --rub-rate <rubles> [--rub-rounding <rubles>] to price in rubles
 * the variants that have no RUB price (without them, those variants are only listed).
 * Safe to run again; it never changes another region.
 */
export default async function createRussiaRegion({ container, args }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const options = parseRussiaRegionArgs(args)
  for (const line of await setUpRussia(container, options)) logger.info(`[platega] ${line}`)
}
