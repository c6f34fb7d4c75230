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
  /** Give the variants without a ruble price one converted from another currency; off unless asked. */
  rubPrices?: RubPricesFrom
}

/** A RUB price from a price in `currency`: × `rate`, to the nearest multiple of `rounding` rubles. */
export type RubPricesFrom = {
  currency: string
  /** Decimal string: rubles per unit of `currency`. */
  rate: string
  /** Decimal string: rubles (1 = whole rubles, 10, 0.01 = kopecks). */
  rounding: string
}

export const RUSSIA = { countryCode: "ru", currencyCode: "rub" } as const

export const RUSSIA_REGION_USAGE = `Flags (all optional):
  --region-name <name>      name of the region when it is created (default "Russia")
  --shipping-name <name>    name of the shipping option (default "Standard delivery")
  --shipping-price <rubles> price of the shipping option in rubles (default 0: free)
  --rub-prices-from <code>  give each variant without a RUB price one converted from its price
                            in this currency (without it, such variants are only listed)
  --rub-rate <rubles>       with --rub-prices-from: rubles per unit of that currency, e.g. 100
  --rub-rounding <rubles>   with --rub-prices-from: round to a multiple of this (default 1)`

const Options = z.object({
  regionName: z.string().trim().min(1, "--region-name must not be empty").max(255),
  shippingOptionName: z.string().trim().min(1, "--shipping-name must not be empty").max(255),
  shippingPrice: z.coerce
    .number({ error: "--shipping-price must be a number of rubles" })
    .refine(Number.isFinite, "--shipping-price must be a number of rubles")
    .min(0, "--shipping-price must not be negative"),
  rubPrices: z
    .object({
      currency: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{3}$/, "--rub-prices-from must be a currency code, e.g. eur")
        .refine((c) => c !== RUSSIA.currencyCode, "--rub-prices-from must not be rub"),
      rate: positiveDecimal("--rub-rate must be a positive number of rubles, e.g. 100"),
      rounding: positiveDecimal("--rub-rounding must be a positive number of rubles, e.g. 10"),
    })
    .optional(),
})

function positiveDecimal(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .refine((v) => Number(v) > 0, message)
}

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
        "rub-prices-from": { type: "string" },
        "rub-rate": { type: "string" },
        "rub-rounding": { type: "string" },
      },
    }).values
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${RUSSIA_REGION_USAGE}`)
  }
  const from = values["rub-prices-from"]
  if (!from && (values["rub-rate"] || values["rub-rounding"])) {
    throw new Error(`--rub-rate and --rub-rounding need --rub-prices-from\n${RUSSIA_REGION_USAGE}`)
  }
  const parsed = Options.safeParse({
    regionName: values["region-name"] ?? "Russia",
    shippingOptionName: values["shipping-name"] ?? "Standard delivery",
    shippingPrice: values["shipping-price"] ?? 0,
    ...(from !== undefined && {
      rubPrices: {
        currency: from,
        rate: values["rub-rate"],
        rounding: values["rub-rounding"] ?? "1",
      },
    }),
  })
  if (!parsed.success) {
    throw new Error(
      `${parsed.error.issues.map((i) => i.message).join("; ")}\n${RUSSIA_REGION_USAGE}`,
    )
  }
  return parsed.data
}
