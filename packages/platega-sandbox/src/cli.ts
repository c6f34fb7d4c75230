import { parseArgs } from "node:util"
import {
  DEFAULT_CLI_PORT,
  DEFAULT_HOST,
  DEFAULT_MERCHANT_ID,
  DEFAULT_PAYOUT_KEY,
  DEFAULT_SECRET,
  DOCS_URL,
  startSandbox,
} from "./index"
import type { RunningSandbox, SandboxOptions } from "./types"

// `npm run sandbox -- --port 4011 --merchant-id <uuid> --secret s --payout-key k --callback-url …`
// and the package bin `platega-sandbox` (bin/platega-sandbox.js calls main()).

const USAGE = `Usage: platega-sandbox [options]

A local simulator of the Platega API (payments, subscriptions, exports, cards, payouts),
with payer pages, a dashboard at / and a control API under /_sandbox.
Documentation: ${DOCS_URL}

Options:
  --port <n>                 port to listen on (default ${DEFAULT_CLI_PORT}; 0 = any free port)
  --host <addr>              address to bind (default ${DEFAULT_HOST})
  --merchant-id <uuid>       accepted X-MerchantId (default ${DEFAULT_MERCHANT_ID})
  --secret <s>               accepted X-Secret (default ${DEFAULT_SECRET})
  --payout-key <k>           PG-HMAC key of /api/v1/* (default ${DEFAULT_PAYOUT_KEY})
  --callback-url <url>       where callbacks are POSTed (default none; set later via the control API)
  --time-scale <x>           sandbox ms per real ms, e.g. 100000 makes a month pass in ~26 s (default 1)
  --seed <n>                 makes ids and injected faults repeatable
  --callback-retry-ms <ms>   interval between callback retries, sandbox time (default 300000)
  --callback-timeout-ms <ms> how long a callback may take to answer (default 60000)
  --public-url <url>         base of pay-page and file links (default the listening URL)
  --data-dir <dir>           keep transactions, subscriptions, balances and callbacks there across
                             restarts (default: memory only)
  --allow-remote-control     answer /_sandbox routes to non-loopback clients too
  --quiet                    print nothing but the banner
  -h, --help                 show this help
`

class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "UsageError"
  }
}

function number(
  name: string,
  value: string | undefined,
  check: (n: number) => boolean,
): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === "" || !Number.isFinite(n) || !check(n))
    throw new UsageError(`--${name}: bad value ${value}`)
  return n
}

interface CliArgs {
  help: boolean
  options: SandboxOptions
  allowRemoteControl: boolean
}

export function parseCliArgs(argv: string[]): CliArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "merchant-id": { type: "string" },
        secret: { type: "string" },
        "payout-key": { type: "string" },
        "callback-url": { type: "string" },
        "time-scale": { type: "string" },
        seed: { type: "string" },
        "callback-retry-ms": { type: "string" },
        "callback-timeout-ms": { type: "string" },
        "public-url": { type: "string" },
        "data-dir": { type: "string" },
        "allow-remote-control": { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }))
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err))
  }
  return {
    help: values.help ?? false,
    allowRemoteControl: values["allow-remote-control"] ?? false,
    options: {
      port:
        number("port", values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535) ??
        DEFAULT_CLI_PORT,
      host: values.host,
      merchantId: values["merchant-id"],
      secret: values.secret,
      payoutKey: values["payout-key"],
      callbackUrl: values["callback-url"],
      timeScale: number("time-scale", values["time-scale"], (n) => n > 0),
      seed: number("seed", values.seed, (n) => Number.isInteger(n) && n >= 0),
      callbackRetryIntervalMs: number(
        "callback-retry-ms",
        values["callback-retry-ms"],
        (n) => n >= 0,
      ),
      callbackTimeoutMs: number("callback-timeout-ms", values["callback-timeout-ms"], (n) => n > 0),
      publicUrl: values["public-url"],
      dataDir: values["data-dir"],
      quiet: values.quiet ?? false,
    },
  }
}

function banner(
  sandbox: RunningSandbox,
  options: SandboxOptions,
  seed: number | undefined,
): string {
  return [
    `Platega sandbox listening on ${sandbox.url}`,
    `  X-MerchantId   ${sandbox.merchantId}`,
    `  X-Secret       ${sandbox.secret}`,
    `  Payout key     ${sandbox.payoutKey}  (Authorization: PG-HMAC or PAY-HMAC kid=<merchant id>, ts=…, sig=…)`,
    `  Callback URL   ${options.callbackUrl ?? "not set (POST /_sandbox/callback-url)"}`,
    `  Pay pages      ${sandbox.url}/pay/{id}  (test card 4242424242424242 succeeds, 4000000000000002 declines)`,
    `  Control API    ${sandbox.url}/_sandbox  (${DOCS_URL})`,
    `  Dashboard      ${sandbox.url}/`,
    `  Data           ${options.dataDir ?? "memory only (--data-dir keeps it across restarts)"}`,
    `  Time scale     ${options.timeScale ?? 1}`,
    `  Seed           ${seed ?? "random"}`,
    "",
  ].join("\n")
}

/** Starts the sandbox from command-line arguments; resolves once it listens (undefined for --help). */
export async function main(
  argv: string[] = process.argv.slice(2),
): Promise<RunningSandbox | undefined> {
  const args = parseCliArgs(argv)
  if (args.help) {
    process.stdout.write(USAGE)
    return undefined
  }
  const sandbox = await startSandbox(args.options)
  if (args.allowRemoteControl) await sandbox.control.configure({ allowRemoteControl: true })
  const { seed } = await sandbox.control.getFaults()
  process.stdout.write(banner(sandbox, args.options, seed))

  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    if (!args.options.quiet) process.stdout.write(`${signal}: stopping the sandbox\n`)
    sandbox.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(
          `error while stopping: ${err instanceof Error ? err.message : String(err)}\n`,
        )
        process.exit(1)
      },
    )
  }
  process.once("SIGTERM", shutdown)
  process.once("SIGINT", shutdown)
  return sandbox
}

/** The entry point of both `tsx src/cli.ts` and bin/platega-sandbox.js. */
export function run(argv: string[] = process.argv.slice(2)): void {
  main(argv).catch((err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}`)
      process.exit(2)
    }
    process.stderr.write(`platega-sandbox: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  })
}

if (require.main === module) run()
