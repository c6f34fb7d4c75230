// `npm run bench [-- <name>...]`: every benchmark, or the named ones (sign, client, sandbox,
// sandbox-export, export, export-store, checkout, callbacks, load). Each prints its pairs side by side with their ratio and adds its figures to
// bench/results/latest.json. Nothing here asserts: these are measurements, not tests.
//
// Knobs (environment): BENCH_CHECKOUTS (24), BENCH_FIRST_TIME (20), BENCH_SECONDS (15: per
// callback route, in 3 rounds; the sandbox takes at most 5), BENCH_CONNECTIONS (20), BENCH_GROW
// (100000; 0 = the empty store only), BENCH_CLIENT_CALLS (4000), BENCH_PROFILE=1 (profile Medusa:
// extra checkouts, the first round of each callback route, the first-time callbacks), BENCH_REDIS_URL,
// BENCH_KEEP_DB=1; PostgreSQL from DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD as for the tests.
//
// `load` (a sale, see bench/load.ts; about 8 minutes on 2 cores): BENCH_LOAD_RATE (unset: search
// for the sustained rate; a number: shoppers per second, no search), BENCH_LOAD_SECONDS (60: the
// sale at that rate), BENCH_LOAD_START_RATE (1), BENCH_LOAD_GROWTH (1.5), BENCH_LOAD_STEP_SECONDS
// (15: each search window), BENCH_LOAD_MAX_LAG_MS (5000: a payment → order p99 above it is
// falling behind), BENCH_LOAD_DRAIN_SECONDS (60: the longest wait for a window's orders), and
// BENCH_REDIS_URL for the two-server topology (default 127.0.0.1:6379: an empty database of it,
// emptied again after). A quick try: BENCH_LOAD_RATE=2 BENCH_LOAD_SECONDS=15.
import fs from "node:fs"
import path from "node:path"
import type { CallbackBenchResult } from "./callbacks"
import type { CheckoutPair } from "./checkout"
import type { LoadResult } from "./load"
import { benchClient, type ClientPair } from "./client"
import { RESULTS_DIR } from "./support/medusa"
import { summarise } from "./support/profile-summary"
import { cell, machine, printTable, saveResults } from "./support/report"
import type { Stack } from "./support/stack"
import { benchSandbox } from "./sandbox"
import { benchSign } from "./sign"
import { benchExport, printExportBench as printSandboxExportBench } from "./sandbox-export"

// The store benchmarks load Medusa and the test helpers: imported only when they run, so the
// in-process pairs (sign, client) measure in a process of ordinary size.
const storeModules = () =>
  Promise.all([
    import("./callbacks.js"),
    import("./checkout.js"),
    import("./support/grow.js"),
    import("./support/stack.js"),
  ])

const ALL = [
  "sign",
  "client",
  "sandbox",
  "sandbox-export",
  "export",
  "export-store",
  "checkout",
  "callbacks",
  "load",
] as const
type Name = (typeof ALL)[number]

const env = process.env
const num = (name: string, fallback: number) => {
  const v = env[name]
  return v === undefined || v === "" ? fallback : Number(v)
}
const say = (m: string) => console.log(m)

function selected(): Name[] {
  const args = process.argv.slice(2).filter((a) => a !== "--")
  const unknown = args.filter((a) => !(ALL as readonly string[]).includes(a))
  if (unknown.length) {
    console.error(`unknown benchmark ${unknown.join(", ")}; choose from ${ALL.join(", ")}`)
    process.exit(2)
  }
  return args.length ? ALL.filter((n) => args.includes(n)) : [...ALL]
}

function printSign(r: ReturnType<typeof benchSign>): void {
  printTable({
    title: "sign — in-process operations per second",
    columns: ["", "plugin", "bare", "ratio"],
    rows: [
      [
        "PG-HMAC header vs HMAC-SHA256",
        cell.rate(r.signatures.ours),
        cell.rate(r.signatures.bare),
        cell.ratio(r.signatures.ratio),
      ],
      [
        "callback parse vs JSON.parse",
        cell.rate(r.callbackParses.ours),
        cell.rate(r.callbackParses.bare),
        cell.ratio(r.callbackParses.ratio),
      ],
    ],
  })
}

function printClient(pairs: ClientPair[]): void {
  printTable({
    title: "client — getTransaction: the plugin's client vs a bare http.request (same sandbox URL)",
    columns: ["", "client", "bare", "ratio"],
    rows: pairs.flatMap((p) => [
      [
        `concurrency ${p.concurrency}: req/s`,
        cell.rate(p.client.perSecond),
        cell.rate(p.bare.perSecond),
        cell.ratio(p.throughputRatio),
      ],
      [
        "  p50 (time per call)",
        cell.ms(p.client.p50Ms),
        cell.ms(p.bare.p50Ms),
        cell.ratio(p.timeRatio),
      ],
      ["  p99", cell.ms(p.client.p99Ms), cell.ms(p.bare.p99Ms), ""],
      [
        "  CPU per call (caller)",
        `${p.clientCpuUs} µs`,
        `${p.bareCpuUs} µs`,
        cell.ratio(p.cpuRatio),
      ],
      [
        "  difference (client − bare): p50, CPU",
        `${p.differenceUs.p50} µs`,
        `${p.differenceUs.cpu} µs`,
        "",
      ],
      [
        "  plain axios GET: p50, CPU",
        cell.ms(p.axios.p50Ms),
        `${p.axiosCpuUs} µs`,
        cell.ratio(p.axios.p50Ms / p.bare.p50Ms),
      ],
    ]),
    notes: [
      "goal: client time ≤ 1.10× the bare call's",
      "plain axios GET: the client's axios instance (keep-alive agent, no redirects, byte cap, decompression) and JSON.parse, without the client's deadline, retries and validation; its ratio is to the bare p50",
    ],
  })
}

function printSandbox(r: Awaited<ReturnType<typeof benchSandbox>>): void {
  printTable({
    title: `sandbox — GET /transaction/{id} over ${r.rows.toLocaleString("en-US")} seeded transactions vs a bare node:http server`,
    columns: ["", "sandbox", "bare", "ratio"],
    rows: [
      [
        "req/s",
        cell.rate(r.sandbox.requestsPerSecond),
        cell.rate(r.bare.requestsPerSecond),
        cell.ratio(r.ratio),
      ],
      ["p50", cell.ms(r.sandbox.latencyP50Ms), cell.ms(r.bare.latencyP50Ms), ""],
      ["p99", cell.ms(r.sandbox.latencyP99Ms), cell.ms(r.bare.latencyP99Ms), ""],
    ],
    notes: [
      r.millionSeedMs === null
        ? "seeding 1,000,000 transactions: skipped"
        : `seeding 1,000,000 transactions: ${cell.int(r.millionSeedMs)} ms, heap +${r.millionHeapMb} MB`,
    ],
  })
}

function printCheckout(size: string, pairs: CheckoutPair[]): void {
  printTable({
    title: `checkout (${size}) — complete checkouts: Platega SBP vs Medusa's pp_system_default`,
    columns: ["", "Platega", "system", "ratio"],
    rows: pairs.flatMap((p) => [
      [
        p.concurrency === 1
          ? "sequential: checkouts/s"
          : `concurrency ${p.concurrency}: checkouts/s`,
        cell.rate(p.platega.perSecond),
        cell.rate(p.system.perSecond),
        cell.ratio(p.ratio),
      ],
      ["  p50", cell.ms(p.platega.p50Ms), cell.ms(p.system.p50Ms), ""],
      ["  p99", cell.ms(p.platega.p99Ms), cell.ms(p.system.p99Ms), ""],
      [
        "  Medusa CPU per checkout",
        cell.ms(p.platega.medusaCpuMs),
        cell.ms(p.system.medusaCpuMs),
        cell.ratio(p.platega.medusaCpuMs / p.system.medusaCpuMs),
      ],
    ]),
    notes: ["goal: Platega ≥ 0.9× the system provider"],
  })
}

function printCallbacks(size: string, r: CallbackBenchResult): void {
  printTable({
    title: `callbacks (${size}) — POST /hooks/platega, 20 connections, vs Medusa's GET /health`,
    columns: ["", "req/s", "p50", "p99", "Medusa CPU/req", "non-2xx"],
    rows: [
      ["verified duplicate callback", ...loadRow(r.duplicates)],
      ["rejected callback (wrong secret)", ...loadRow(r.rejected).slice(0, 4), "all 401"],
      ["GET /health", ...loadRow(r.health)],
      [
        `first-time paid callback → order (${r.firstTime.count} at once)`,
        cell.rate(r.firstTime.perSecond),
        cell.ms(r.firstTime.p50Ms),
        cell.ms(r.firstTime.p99Ms),
        cell.ms(r.firstTime.medusaCpuMs),
        "",
      ],
    ],
    notes: [
      `duplicates ÷ /health: ${cell.ratio(r.ratio)}; goal ≥ 1,000 verified callbacks/s on 2 cores`,
      `the median of 3 rounds per route, taken in turns; every round's req/s: duplicates ${r.duplicates.rounds?.join(", ")}, rejected ${r.rejected.rounds?.join(", ")}, /health ${r.health.rounds?.join(", ")}`,
    ],
  })
}

function loadRow(f: CallbackBenchResult["health"]): string[] {
  return [
    cell.rate(f.perSecond),
    cell.ms(f.p50Ms),
    cell.ms(f.p99Ms),
    cell.ms(f.medusaCpuMs),
    cell.int(f.non2xx + f.errors),
  ]
}

async function storeBenches(names: Name[], results: Record<string, unknown>): Promise<void> {
  const profile = env.BENCH_PROFILE === "1"
  const grow = num("BENCH_GROW", 100_000)
  const [{ benchCallbacks }, { benchCheckout }, { growStore }, { startStack }] =
    await storeModules()
  if (profile) {
    fs.mkdirSync(RESULTS_DIR, { recursive: true })
    for (const f of fs.readdirSync(RESULTS_DIR).filter((x) => x.endsWith(".cpuprofile")))
      fs.rmSync(path.join(RESULTS_DIR, f))
  }
  const stack: Stack = await startStack({ say, profile })
  const checkout: Record<string, CheckoutPair[]> = {}
  const callbacks: Record<string, CallbackBenchResult> = {}
  try {
    const sizes = grow > 0 ? ["empty", `${grow / 1000}k`] : ["empty"]
    for (const size of sizes) {
      if (size !== "empty") {
        say(
          `\ngrowing the store by ${grow.toLocaleString("en-US")} earlier orders and callback-log rows`,
        )
        const grown = await growStore(stack.databaseUrl, grow, say)
        results.grow = grown
        say(`  ${grown.rowsPerOrder} rows per order, ${(grown.durationMs / 1000).toFixed(0)} s`)
      }
      if (names.includes("checkout")) {
        say(`\ncheckout, ${size} store`)
        checkout[size] = await benchCheckout(stack, {
          // With 10 a side the CPU ratio moved by up to a tenth from one run to the next; 24 makes
          // whole, even rounds at both concurrencies (see benchCheckout).
          checkouts: num("BENCH_CHECKOUTS", 24),
          say,
          label: `checkout-${size}`,
        })
        printCheckout(size, checkout[size])
      }
      if (names.includes("callbacks")) {
        say(`\ncallbacks, ${size} store`)
        callbacks[size] = await benchCallbacks(stack, {
          seconds: num("BENCH_SECONDS", 15),
          connections: num("BENCH_CONNECTIONS", 20),
          firstTime: num("BENCH_FIRST_TIME", 20),
          say,
          label: `callbacks-${size}`,
        })
        printCallbacks(size, callbacks[size])
      }
    }
  } finally {
    await stack.stop()
  }
  if (names.includes("checkout")) results.checkout = checkout
  if (names.includes("callbacks")) results.callbacks = callbacks
  if (profile) printProfiles()
}

function printLoad(r: LoadResult): void {
  const { single: a, cluster: b } = r
  const both = (f: (t: LoadResult["single"]) => string, ratio = "") => [f(a), f(b), ratio]
  const ratio = (x: number) => cell.ratio(x)
  const opt = (x: number | undefined) => (x === undefined ? "–" : cell.int(x))
  printTable({
    title:
      "load — a sale: paid checkouts at a steady rate, every callback delivered twice, 1 in 5 shoppers completing at the callback's moment",
    columns: ["", "(a) one instance", `(b) ${b.instances}`, "(b)/(a)"],
    rows: [
      [
        "sustained rate",
        ...both((t) => cell.rate(t.sustainableRate), ratio(r.ratio.sustainableRate)),
      ],
      [
        "peak orders/s (any window)",
        ...both((t) => cell.rate(t.peakOrdersPerSecond), ratio(r.ratio.peakOrdersPerSecond)),
      ],
      ["sale: shoppers/s × seconds", ...both((t) => `${t.sale.rate} × ${t.sale.seconds} s`)],
      [
        "  orders/s sustained",
        ...both((t) => cell.rate(t.sale.ordersPerSecond), ratio(r.ratio.ordersPerSecond)),
      ],
      ["  paid orders per minute", ...both((t) => cell.int(t.sale.ordersPerSecond * 60))],
      ["  payment → order p50", ...both((t) => cell.ms(t.sale.lagP50Ms))],
      ["  payment → order p99", ...both((t) => cell.ms(t.sale.lagP99Ms))],
      [
        "  shopper's checkout p50 / p99",
        ...both((t) => `${cell.ms(t.sale.checkoutP50Ms)} / ${cell.ms(t.sale.checkoutP99Ms)}`),
      ],
      ["  Platega calls per paid order", ...both((t) => `${t.sale.callsPerOrder.all}`)],
      [
        "    SBP / card",
        ...both((t) => `${t.sale.callsPerOrder.sbp} / ${t.sale.callsPerOrder.card}`),
      ],
      ["  duplicates (must be 0)", ...both((t) => cell.int(t.sale.duplicates))],
      ["  lost (must be 0)", ...both((t) => cell.int(t.sale.lost))],
      ["  failed shoppers", ...both((t) => cell.int(t.sale.errors))],
      ["  kept up with its rate", ...both((t) => t.saleBehind ?? "yes")],
      ["  Medusa CPU per order", ...both((t) => cell.ms(t.sale.medusaCpuMsPerOrder))],
      ["  PostgreSQL CPU per order", ...both((t) => cell.ms(t.sale.postgres.cpuMsPerOrder))],
      [
        "  PostgreSQL transactions / rows written per order",
        ...both(
          (t) => `${t.sale.postgres.transactionsPerOrder} / ${t.sale.postgres.rowsWrittenPerOrder}`,
        ),
      ],
      ["  Redis commands per order", ...both((t) => opt(t.sale.redisCommandsPerOrder))],
      ["Redis commands/s, store idle", ...both((t) => opt(t.redisIdleCommandsPerSecond))],
      ["boot", ...both((t) => `${t.bootSeconds} s`)],
    ],
    notes: [
      "sustained: the highest rate (searched, or the fixed one) whose payments and orders kept ≥ 90% of it, payment → order p99 within BENCH_LOAD_MAX_LAG_MS, nothing lost, no shopper failed",
      `search windows (shoppers/s → orders/s, p99): (a) ${steps(a)}; (b) ${steps(b)}`,
      `Medusa CPU per order by instance in the sale: (a) ${byInstance(a)}; (b) ${byInstance(b)}`,
      `Platega calls in the sale by route: (a) ${JSON.stringify(a.sale.callsByRoute)}; (b) ${JSON.stringify(b.sale.callsByRoute)}`,
      "Redis commands are the whole Redis server's; everything (PostgreSQL, Redis, the sandbox, this driver) shares the machine's cores",
    ],
  })
}

const byInstance = (t: LoadResult["single"]) =>
  Object.entries(t.sale.medusaCpuMsPerOrderByInstance)
    .map(([name, ms]) => `${name} ${cell.ms(ms)}`)
    .join(", ")

const steps = (t: LoadResult["single"]) =>
  t.steps.map((w) => `${w.rate} → ${w.ordersPerSecond} (${cell.ms(w.lagP99Ms)})`).join(", ") ||
  "none (fixed rate)"

function printProfiles(): void {
  for (const f of fs
    .readdirSync(RESULTS_DIR)
    .filter((x) => x.endsWith(".cpuprofile"))
    .sort()) {
    const s = summarise(path.join(RESULTS_DIR, f), 8)
    console.log(`\nprofile bench/results/${f}: ${s.totalMs} ms busy in Medusa`)
    for (const l of s.byOwner) console.log(`  ${String(l.share).padStart(5)}%  ${l.name}`)
  }
}

async function main(): Promise<void> {
  const names = selected()
  const started = Date.now()
  const results: Record<string, unknown> = { machine: machine() }
  console.log(
    `benchmarks: ${names.join(", ")}  (${results.machine ? JSON.stringify(results.machine) : ""})`,
  )

  if (names.includes("sign")) {
    results.sign = benchSign(1000)
    printSign(results.sign as ReturnType<typeof benchSign>)
  }
  if (names.includes("client")) {
    const pairs = await benchClient({ calls: num("BENCH_CLIENT_CALLS", 4000) })
    results.client = pairs
    printClient(pairs)
  }
  if (names.includes("sandbox")) {
    const r = await benchSandbox({
      rows: 100_000,
      durationSeconds: Math.min(5, num("BENCH_SECONDS", 10)),
      connections: 50,
      million: true,
    })
    results.sandbox = r
    printSandbox(r)
  }
  if (names.includes("sandbox-export")) {
    const r = await benchExport(num("BENCH_EXPORT_ROWS", 1_000_000))
    results.sandboxExport = r
    printSandboxExportBench(r)
  }
  if (names.includes("export")) {
    const { printExportBench, runExportBench } = await import("./export.js")
    const r = await runExportBench({
      rows: env.BENCH_EXPORT_ROWS ? Number(env.BENCH_EXPORT_ROWS) : undefined,
    })
    results.export = r
    printExportBench(r)
  }
  if (names.includes("export-store")) {
    const { printStoreExportBench, runStoreExportBench } = await import("./export-store.js")
    const r = await runStoreExportBench({ say })
    results.exportStore = r
    printStoreExportBench(r)
  }
  if (names.includes("checkout") || names.includes("callbacks")) await storeBenches(names, results)
  if (names.includes("load")) {
    const { benchLoad } = await import("./load.js")
    const rate = env.BENCH_LOAD_RATE ? Number(env.BENCH_LOAD_RATE) : undefined
    const r = await benchLoad({
      rate,
      seconds: num("BENCH_LOAD_SECONDS", 60),
      startRate: rate ?? num("BENCH_LOAD_START_RATE", 1),
      growth: num("BENCH_LOAD_GROWTH", 1.5),
      stepSeconds: num("BENCH_LOAD_STEP_SECONDS", 15),
      maxLagMs: num("BENCH_LOAD_MAX_LAG_MS", 5000),
      drainSeconds: num("BENCH_LOAD_DRAIN_SECONDS", 60),
      say,
    })
    results.load = r
    printLoad(r)
  }

  results.durationSeconds = Math.round((Date.now() - started) / 1000)
  const file = saveResults(results)
  console.log(`\nfigures written to ${file} (${results.durationSeconds} s)`)
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
