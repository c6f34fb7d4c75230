import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseRussiaRegionArgs, refuseDroppedWords, setUpRussia } from "./russia-region"

/**
 * A Russia region paying through Platega, in one command, from the store's folder:
 *
 *   npx medusa exec ./node_modules/medusa-payment-platega/.medusa/server/src/scripts/create-russia-region.js
 *
 * Optional, each as name=value after the path: region-name, shipping-name, shipping-price
 * (rubles), and rub-prices-from=<currency> rub-rate=<rubles> [rub-rounding=<rubles>] to price in
 * rubles the variants that have no RUB price (without them, those variants are only listed).
 * Safe to run again; it never changes another region.
 */
export default async function createRussiaRegion({ container, args }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // medusa exec runs the script in its own process: its command line is this one.
  refuseDroppedWords(process.argv)
  const options = parseRussiaRegionArgs(args)
  for (const line of await setUpRussia(container, options)) logger.info(`[platega] ${line}`)
}
