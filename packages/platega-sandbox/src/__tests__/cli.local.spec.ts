import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"
import { parseCliArgs } from "../cli"

// The CLI as users run it: `tsx src/cli.ts …` in a child process, and the package bin.

const ROOT = path.resolve(__dirname, "../..")
const TSX = require.resolve("tsx/cli")

function run(args: string[]): {
  child: ChildProcessWithoutNullStreams
  output: () => string
  exited: Promise<number | null>
} {
  const child = spawn(process.execPath, [TSX, "src/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: "" },
  })
  let out = ""
  child.stdout.on("data", (d: Buffer) => (out += d.toString()))
  child.stderr.on("data", (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { child, output: () => out, exited }
}

async function waitForUrl(output: () => string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(output())
    if (match) return match[1]
    if (Date.now() > deadline) throw new Error(`no URL printed; output:\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe("sandbox CLI", () => {
  jest.setTimeout(30_000)

  it("starts on a free port, prints URL and credentials, accepts them, stops with exit 0 on SIGTERM", async () => {
    const merchantId = "0b3f6a2e-1c4d-4e5f-8a9b-123456789abc"
    const cli = run([
      "--port",
      "0",
      "--merchant-id",
      merchantId,
      "--secret",
      "s3",
      "--payout-key",
      "k3",
      "--callback-url",
      "http://127.0.0.1:9/hooks/platega",
    ])
    try {
      const url = await waitForUrl(cli.output)
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:(\d+)$/)
      expect(url).not.toMatch(/:0$/)
      expect(cli.output()).toContain(`X-MerchantId   ${merchantId}`)
      expect(cli.output()).toContain("X-Secret       s3")
      expect(cli.output()).toContain("Payout key     k3")
      expect(cli.output()).toContain("Callback URL   http://127.0.0.1:9/hooks/platega")
      const ok = await fetch(`${url}/balance/all`, {
        headers: { "X-MerchantId": merchantId, "X-Secret": "s3" },
      })
      expect(ok.status).toBe(200)
      const wrong = await fetch(`${url}/balance/all`, {
        headers: { "X-MerchantId": merchantId, "X-Secret": "sandbox-secret" },
      })
      expect(wrong.status).toBe(401)
      const hooks = await fetch(`${url}/_sandbox/callback-url`)
      expect(await hooks.json()).toEqual({ url: "http://127.0.0.1:9/hooks/platega" })
    } finally {
      cli.child.kill("SIGTERM")
    }
    expect(await cli.exited).toBe(0)
  })

  it("prints help and exits 0", async () => {
    const cli = run(["--help"])
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toMatch(/^Usage: platega-sandbox/)
    for (const flag of [
      "--port",
      "--host",
      "--merchant-id",
      "--secret",
      "--payout-key",
      "--callback-url",
      "--time-scale",
      "--seed",
      "--callback-retry-ms",
    ]) {
      expect(cli.output()).toContain(flag)
    }
  })

  it("exits 2 with a message on a bad flag", async () => {
    const cli = run(["--port", "abc"])
    expect(await cli.exited).toBe(2)
    expect(cli.output()).toContain("--port: bad value abc")
  })

  it("the package bin runs the built CLI, or says how to build it", async () => {
    const child = spawn(process.execPath, ["bin/platega-sandbox.js", "--help"], { cwd: ROOT })
    let out = ""
    child.stdout.on("data", (d: Buffer) => (out += d.toString()))
    child.stderr.on("data", (d: Buffer) => (out += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
    if (existsSync(path.join(ROOT, "dist/cli.js"))) {
      expect([code, out.slice(0, 22)]).toEqual([0, "Usage: platega-sandbox"])
    } else {
      expect([code, out]).toEqual([1, expect.stringContaining("run `npm run build`")])
    }
  })

  it("parses every flag", () => {
    const args = parseCliArgs([
      "--port",
      "4011",
      "--host",
      "0.0.0.0",
      "--merchant-id",
      "m",
      "--secret",
      "s",
      "--payout-key",
      "k",
      "--callback-url",
      "http://x/h",
      "--time-scale",
      "1000",
      "--seed",
      "9",
      "--callback-retry-ms",
      "50",
      "--data-dir",
      ".sandbox",
    ])
    expect(args.options).toMatchObject({
      port: 4011,
      host: "0.0.0.0",
      merchantId: "m",
      secret: "s",
      payoutKey: "k",
      callbackUrl: "http://x/h",
      timeScale: 1000,
      seed: 9,
      callbackRetryIntervalMs: 50,
      dataDir: ".sandbox",
    })
    expect(parseCliArgs([]).options.port).toBe(4010)
    expect(() => parseCliArgs(["--time-scale", "0"])).toThrow(/--time-scale/)
    expect(() => parseCliArgs(["--nope"])).toThrow()
  })
})
