// `npm run bench`: every benchmark, one after the other, printing figures (never asserting them).
import { runClientSignBench } from "./client-sign"
import { benchExport, printExportBench as printSandboxExportBench } from "./sandbox-export"
import { printExportBench, runExportBench } from "./export"
import { benchSandbox } from "./sandbox-status"

async function main(): Promise<void> {
  const n = (x: number) => x.toLocaleString("en-US")
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)

  const client = runClientSignBench(1000)
  console.log("client")
  console.log(`  PG-HMAC signatures/s           ${n(client.signaturesPerSecond)}`)
  console.log(`  callback parses/s              ${n(client.callbackParsesPerSecond)}`)

  const sandbox = await benchSandbox({
    rows: 100_000,
    durationSeconds: seconds,
    connections: 50,
    million: true,
  })
  console.log("sandbox")
  console.log(
    `  seed 1,000,000 transactions    ${n(sandbox.millionSeedMs ?? 0)} ms, heap +${n(sandbox.millionHeapMb ?? 0)} MB`,
  )
  console.log(
    `  GET /transaction/{id}          ${n(sandbox.requestsPerSecond)} req/s over ${seconds} s`,
  )
  console.log(
    `  latency p50 / p99              ${sandbox.latencyP50Ms} ms / ${sandbox.latencyP99Ms} ms`,
  )
  console.log(`  errors / non-2xx               ${sandbox.errors} / ${sandbox.non2xx}`)
  printSandboxExportBench(await benchExport(1_000_000))

  printExportBench(
    await runExportBench({
      rows: process.env.BENCH_EXPORT_ROWS ? Number(process.env.BENCH_EXPORT_ROWS) : undefined,
    }),
  )
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
