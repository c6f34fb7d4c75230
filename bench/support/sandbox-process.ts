// Runs the sandbox in its own process, so the benchmark driver and the code under test do not
// share an event loop with it. Prints one JSON line {url, merchantId, secret, payoutKey}, then
// serves until its parent closes stdin or signals it.
import { startSandbox } from "./sandbox"

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as Parameters<typeof startSandbox>[0]
  const sandbox = await startSandbox({ quiet: true, ...options })
  const stop = () => void sandbox.stop().finally(() => process.exit(0))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  process.stdin.on("end", stop)
  process.stdin.resume()
  const { url, merchantId, secret, payoutKey } = sandbox
  process.stdout.write(JSON.stringify({ url, merchantId, secret, payoutKey }) + "\n")
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
