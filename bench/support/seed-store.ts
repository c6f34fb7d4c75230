// `medusa exec ./bench/support/seed-store.ts`: the demo shop, plus Medusa's own system payment
// provider in its region, so both sides of the checkout pair run in the same store.
import { updateRegionsWorkflow } from "@medusajs/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import seedDemo from "../../demo/seed"
import { PAYMENT_PROVIDERS, REGION } from "../../demo/seed-data"

export const SYSTEM_PROVIDER = "pp_system_default"

export default async function seedBenchStore(args: ExecArgs): Promise<void> {
  await seedDemo(args)
  const [region] = await args.container.resolve(Modules.REGION).listRegions({ name: REGION.name })
  await updateRegionsWorkflow(args.container).run({
    input: {
      selector: { id: region.id },
      update: { payment_providers: [...PAYMENT_PROVIDERS, SYSTEM_PROVIDER] },
    },
  })
}
