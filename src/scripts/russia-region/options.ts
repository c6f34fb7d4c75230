import { parseArgs } from "node:util"
import { z } from "zod"

/** What the Russia region script creates, and the command-line flags that change it. */
export type RussiaRegionOptions = {
  /** Name given to the region when it is created (an existing region keeps its own). */
  regionName: string
  /** Name of the shipping option created in the Russia service zone. */
  shippingOptionName: string
  /** The shipping option's price in rubles (major units; 0 = free delivery). */
  shippingPrice: number
}

export const RUSSIA = { countryCode: "ru", currencyCode: "rub" } as const

export const RUSSIA_REGION_USAGE = `Flags (all optional):
  --region-name <name>      name of the region when it is created (default "Russia")
  --shipping-name <name>    name of the shipping option (default "Standard delivery")
  --shipping-price <rubles> price of the shipping option in rubles (default 0: free)`

const Options = z.object({
  regionName: z.string().trim().min(1, "--region-name must not be empty").max(255),
  shippingOptionName: z.string().trim().min(1, "--shipping-name must not be empty").max(255),
  shippingPrice: z.coerce
    .number({ error: "--shipping-price must be a number of rubles" })
    .refine(Number.isFinite, "--shipping-price must be a number of rubles")
    .min(0, "--shipping-price must not be negative"),
})

/** Reads the flags `medusa exec <script> [flags]` passes on; a bad flag is an error naming it. */
export function parseRussiaRegionArgs(args: string[] = []): RussiaRegionOptions {
  let values: Record<string, string | undefined>
  try {
    values = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        "region-name": { type: "string" },
        "shipping-name": { type: "string" },
        "shipping-price": { type: "string" },
      },
    }).values
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${RUSSIA_REGION_USAGE}`)
  }
  const parsed = Options.safeParse({
    regionName: values["region-name"] ?? "Russia",
    shippingOptionName: values["shipping-name"] ?? "Standard delivery",
    shippingPrice: values["shipping-price"] ?? 0,
  })
  if (!parsed.success) {
    throw new Error(
      `${parsed.error.issues.map((i) => i.message).join("; ")}\n${RUSSIA_REGION_USAGE}`,
    )
  }
  return parsed.data
}
