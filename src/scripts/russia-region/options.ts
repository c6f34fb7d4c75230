import { z } from "zod"

/** What the Russia region script creates, and the command-line options that change it. */
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

/**
 * The script's options. `medusa exec <file> [args..]` (Medusa's CLI, yargs in strict mode) refuses
 * any `--flag` it does not know itself and hands the script only the words after the file, so
 * each option is one such word: `name=value`.
 */
const OPTION_NAMES = [
  "region-name",
  "shipping-name",
  "shipping-price",
  "rub-prices-from",
  "rub-rate",
  "rub-rounding",
] as const

type OptionName = (typeof OPTION_NAMES)[number]

export const RUSSIA_REGION_USAGE = `Options (all optional), each written after the script's path as name=value:
  region-name=<name>        name of the region when it is created (default "Russia")
  shipping-name=<name>      name of the shipping option (default "Standard delivery")
  shipping-price=<rubles>   price of the shipping option in rubles (default 0: free)
  rub-prices-from=<code>    give each variant without a RUB price one converted from its price
                            in this currency (without it, such variants are only listed)
  rub-rate=<rubles>         with rub-prices-from: rubles per unit of that currency, e.g. 100
  rub-rounding=<rubles>     with rub-prices-from: round to a multiple of this (default 1)
e.g. npx medusa exec <script> rub-prices-from=eur rub-rate=97.35 rub-rounding=10`

const Options = z.object({
  regionName: z.string().trim().min(1, "region-name must not be empty").max(255),
  shippingOptionName: z.string().trim().min(1, "shipping-name must not be empty").max(255),
  shippingPrice: z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "shipping-price must be a number of rubles, e.g. 300")
    .transform(Number)
    .pipe(z.number().min(0, "shipping-price must not be negative")),
  rubPrices: z
    .object({
      currency: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{3}$/, "rub-prices-from must be a currency code, e.g. eur")
        .refine((c) => c !== RUSSIA.currencyCode, "rub-prices-from must not be rub"),
      rate: positiveDecimal("rub-rate must be a positive number of rubles, e.g. 100"),
      rounding: positiveDecimal("rub-rounding must be a positive number of rubles, e.g. 10"),
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

const usageError = (message: string) => new Error(`${message}\n${RUSSIA_REGION_USAGE}`)

/** The `name=value` words `medusa exec` hands on, by name; anything else is refused, naming it. */
function optionValues(args: readonly unknown[]): Partial<Record<OptionName, string>> {
  const values: Partial<Record<OptionName, string>> = {}
  for (const arg of args) {
    // yargs turns a word that reads as a number into one; `name=value` always stays a string.
    const word = String(arg)
    const eq = word.indexOf("=")
    const name = word.slice(0, eq) as OptionName
    if (eq < 1 || !OPTION_NAMES.includes(name)) {
      throw usageError(`"${word}" is not an option of the script: write each as name=value`)
    }
    if (values[name] !== undefined) throw usageError(`${name} is given twice`)
    values[name] = word.slice(eq + 1)
  }
  return values
}

/** Reads the options `medusa exec <script> [name=value…]` passes on; a bad one is an error naming it. */
export function parseRussiaRegionArgs(args: readonly unknown[] = []): RussiaRegionOptions {
  const values = optionValues(args)
  const from = values["rub-prices-from"]
  if (from === undefined && (values["rub-rate"] ?? values["rub-rounding"]) !== undefined) {
    throw usageError("rub-rate and rub-rounding need rub-prices-from")
  }
  const parsed = Options.safeParse({
    regionName: values["region-name"] ?? "Russia",
    shippingOptionName: values["shipping-name"] ?? "Standard delivery",
    shippingPrice: values["shipping-price"] ?? "0",
    ...(from !== undefined && {
      rubPrices: {
        currency: from,
        rate: values["rub-rate"],
        rounding: values["rub-rounding"] ?? "1",
      },
    }),
  })
  if (!parsed.success) throw usageError(parsed.error.issues.map((i) => i.message).join("; "))
  return parsed.data
}

/**
 * The words after a `--` on the command line. Medusa's CLI keeps them from the script without a
 * word (yargs puts them aside), so a run that looks as if it took options would silently take none.
 */
export function wordsMedusaExecDrops(argv: readonly string[]): string[] {
  const end = argv.indexOf("--")
  return end < 0 ? [] : argv.slice(end + 1)
}

/** Refuses a command line whose options `medusa exec` would drop (see wordsMedusaExecDrops). */
export function refuseDroppedWords(argv: readonly string[]): void {
  const dropped = wordsMedusaExecDrops(argv)
  if (dropped.length) {
    throw usageError(
      `medusa exec passes nothing after "--" to the script (${dropped.join(" ")} would be ignored): ` +
        `write the options right after the script's path, without "--"`,
    )
  }
}
