import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Readable } from "node:stream"
import { gzipSync } from "node:zlib"
import { startSandbox } from "platega-sandbox"
import { PlategaClient } from "../client"
import { parseExportRecords, plainDecimal } from "../export-rows"
import { ExportRowSchema } from "../schemas"
import type { ExportRow } from "../types"
import { FakeServer } from "./support/fake-server"
import { failure } from "./support/failure"

/** The streamed JSON export: against the sandbox, and against a fake server for what the wire does. */

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

const MERCHANT = "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70"
const RECORD = {
  recordId: "0f5c8d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  createdAt: "2026-11-01 12:00:00",
  amount: 1500.1,
  currencyCode: "RUB",
  status: "CONFIRMED",
  paymentMethod: "SBPQR",
  description: "Order 1",
  payload: "",
}

async function collect(records: AsyncIterable<ExportRow>): Promise<ExportRow[]> {
  const out: ExportRow[] = []
  for await (const r of records) out.push(r)
  return out
}

/** Feeds text to the parser in chunks of `size` bytes (splits numbers, strings and UTF-8 sequences). */
function chunked(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, "utf8")
  const parts: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size))
  return Readable.from(parts)
}

const window = () => ({
  from: new Date(Date.now() - 40 * 86_400_000),
  to: new Date(Date.now() + 3_600_000),
})

describe("parseExportRecords", () => {
  it("keeps amounts as the exact text sent, across chunk boundaries", async () => {
    const body =
      '[{"recordId":"0f5c8d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f","createdAt":"2026-11-01 12:00:00",' +
      '"amount":1500.10,"currencyCode":"RUB","status":"CONFIRMED","paymentMethod":"SBPQR",' +
      '"description":"Заказ №1","payload":null,"extra":{"x":[1,2]}},' +
      '{"recordId":"1f5c8d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f","createdAt":"2026-11-01 12:00:01",' +
      '"amount":"0.30000000000000004","currencyCode":"RUB","status":"PENDING","paymentMethod":11}]'
    for (const size of [1, 3, 7, 1024]) {
      const rows = await collect(parseExportRecords(chunked(body, size)))
      expect(rows).toEqual([
        {
          recordId: "0f5c8d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
          createdAt: "2026-11-01 12:00:00",
          amount: "1500.10",
          currencyCode: "RUB",
          status: "CONFIRMED",
          paymentMethod: "SBPQR",
          description: "Заказ №1",
          payload: "",
        },
        {
          recordId: "1f5c8d2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
          createdAt: "2026-11-01 12:00:01",
          amount: "0.30000000000000004",
          currencyCode: "RUB",
          status: "PENDING",
          paymentMethod: "CardAcquiring",
          description: "",
          payload: "",
        },
      ])
    }
  })

  it("an empty array is no records", async () => {
    expect(await collect(parseExportRecords(chunked(" [ ] ", 2)))).toEqual([])
  })

  it.each([
    ["an object", '{"a":1}', /not a JSON array/],
    ["broken JSON", '[{"recordId":', /not closed|not JSON/],
    ["garbage", "<html>oops</html>", /not JSON/],
    ["nothing", "", /empty/],
  ])("%s is an invalid_response", async (_name, body, message) => {
    const e = await failure(collect(parseExportRecords(chunked(body, 4))))
    expect(e.kind).toBe("invalid_response")
    expect(e.message).toMatch(message)
  })

  it("a bad record is named by its position and field", async () => {
    const body = JSON.stringify([RECORD, { ...RECORD, amount: -5 }])
    const e = await failure(collect(parseExportRecords(chunked(body, 64))))
    expect(e.kind).toBe("invalid_response")
    expect(e.fieldErrors[0].key).toBe("[1].amount")
  })

  it("gives for every record exactly what the schema gives (the same row, keys in the same order, or its error)", async () => {
    // Amounts as strings: the parser keeps numbers as their text, JSON.parse would not.
    const base = { ...RECORD, amount: "1500.1" }
    const variants: Record<string, unknown>[] = [
      { ...base, amount: "1500.10" },
      { ...base, amount: " 2990.50 ", createdAt: " 2026-11-01 12:00:00 ", status: "\tCONFIRMED " },
      { ...base, paymentMethod: null, description: null, payload: null },
      { ...base, paymentMethod: undefined, description: undefined },
      { ...base, extra: { nested: [1] }, payload: "order_1" },
      { ...base, amount: "1.5e3", paymentMethod: "11" },
      { ...base, recordId: "0F5C8D2E-1A2B-4C3D-8E9F-0A1B2C3D4E5F" },
      { ...base, description: true },
      { ...base, status: "  " },
      { ...base, amount: "-1" },
      { ...base, recordId: "not-a-uuid" },
    ]
    for (const variant of variants) {
      const { payload, ...rest } = variant
      // Keys sent in another order, and without a key at all, must not matter either.
      for (const record of [variant, { payload, ...rest }, rest]) {
        const text = JSON.stringify([record])
        const expected = ExportRowSchema.safeParse(JSON.parse(text)[0])
        const got = await collect(parseExportRecords(chunked(text, 5))).then(
          (rows) => ({ rows }),
          (e: Error) => ({ error: e }),
        )
        if (expected.success) {
          const row = { ...expected.data }
          if (row.paymentMethod === "11") row.paymentMethod = "CardAcquiring"
          row.amount = plainDecimal(row.amount)
          expect("rows" in got && JSON.stringify(got.rows[0])).toBe(JSON.stringify(row))
        } else {
          expect("error" in got && got.error.message).toMatch(/invalid response: record 0/)
        }
      }
    }
  })

  it("plainDecimal moves the point without floats", () => {
    expect(plainDecimal("1.5e3")).toBe("1500")
    expect(plainDecimal("15E-4")).toBe("0.0015")
    expect(plainDecimal("12345678901234567890.5e1")).toBe("123456789012345678905")
    expect(plainDecimal("1500.10")).toBe("1500.10")
  })
})

describe("PlategaClient.exportTransactionsJsonStream against the sandbox", () => {
  let sb: Sandbox
  let client: PlategaClient

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true })
    client = new PlategaClient({
      baseUrl: sb.url,
      merchantId: sb.merchantId,
      secret: sb.secret,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 },
    })
  })
  afterAll(() => sb.stop())

  it("streams the same records as the whole-array export, amounts exact", async () => {
    await sb.control.seedTransactions(3000, { amountMin: 0.01, amountMax: 99_999.99 })
    const whole = await client.exportTransactionsJson(window())
    const streamed = await collect(await client.exportTransactionsJsonStream(window()))
    expect(streamed).toHaveLength(whole.length)
    expect(streamed.map((r) => r.recordId)).toEqual(whole.map((r) => r.recordId))
    for (let i = 0; i < whole.length; i++) {
      // The number the service sent, and its text, are the same decimal.
      expect(Number(streamed[i].amount)).toBe(whole[i].amount)
      expect(streamed[i].amount).toMatch(/^\d+(\.\d{1,2})?$/)
    }
  })

  it("an error answer rejects before streaming, with the service's message", async () => {
    await sb.control.configure({ jsonExportLimit: 5 })
    try {
      const e = await failure(client.exportTransactionsJsonStream(window()))
      expect(e.kind).toBe("http")
      expect(e.httpStatus).toBe(400)
      expect(e.message).toMatch(/returns at most 5/)
    } finally {
      await sb.control.configure({ jsonExportLimit: 50_000 })
    }
  })

  it("wrong credentials: 401, and the secret appears nowhere in the error", async () => {
    const bad = new PlategaClient({
      baseUrl: sb.url,
      merchantId: sb.merchantId,
      secret: "wrong-secret-value",
    })
    const e = await failure(bad.exportTransactionsJsonStream(window()))
    expect(e.httpStatus).toBe(401)
    expect(JSON.stringify(e.toJSON())).not.toContain("wrong-secret-value")
  })

  it("downloads Platega's own CSV file behind {url}", async () => {
    const { url } = await client.exportTransactionsCsv(window())
    const file = await client.downloadExportFile(url)
    expect(file.contentType).toMatch(/text\/csv/)
    const text = (await collectBytes(file.body)).toString("utf8")
    expect(text.split("\n")[0]).toMatch(/^recordId,createdAt,amount/)
  })
})

async function collectBytes(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c)
  return Buffer.concat(chunks)
}

describe("the streamed export on the wire", () => {
  let fake: FakeServer
  const clientFor = (url: string) =>
    new PlategaClient({
      baseUrl: url,
      merchantId: MERCHANT,
      secret: "stream-secret",
      timeoutMs: 2_000,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    })

  beforeAll(async () => {
    fake = await FakeServer.start()
  })
  afterAll(() => fake.stop())

  it("sends the filter as codes, the merchant headers and accept: text/plain", async () => {
    fake.reply({ status: 200, body: "[]" })
    await collect(
      await clientFor(fake.url).exportTransactionsJsonStream({
        ...window(),
        statuses: ["CONFIRMED", "CHARGEBACKED"],
        paymentMethods: ["SBPQR", 11],
        timeZoneId: "Asia/Vladivostok",
      }),
    )
    const seen = fake.seen[0]
    expect(seen.url).toBe("/transaction/export/json")
    expect(seen.headers["x-merchantid"]).toBe(MERCHANT)
    expect(seen.headers["x-secret"]).toBe("stream-secret")
    expect(seen.headers.accept).toBe("text/plain")
    expect(JSON.parse(seen.body.toString())).toMatchObject({
      statuses: ["7", "9"],
      paymentMethods: ["2", "11"],
      timeZoneId: "Asia/Vladivostok",
    })
  })

  it("retries a 503 before the answer begins, then streams", async () => {
    fake.reply({ status: 503, body: "busy" }, { status: 200, body: JSON.stringify([RECORD]) })
    const rows = await collect(await clientFor(fake.url).exportTransactionsJsonStream(window()))
    expect(rows.map((r) => r.amount)).toEqual(["1500.1"])
    expect(fake.seen).toHaveLength(2)
  })

  it("decompresses a gzip answer", async () => {
    const server = await serve((res) => {
      res
        .writeHead(200, { "content-encoding": "gzip" })
        .end(gzipSync(JSON.stringify([RECORD, RECORD])))
    })
    try {
      const rows = await collect(await clientFor(server.url).exportTransactionsJsonStream(window()))
      expect(rows).toHaveLength(2)
    } finally {
      await server.stop()
    }
  })

  it("a connection cut in the middle fails the iteration with a network error", async () => {
    const server = await serve((res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.write(`[${JSON.stringify(RECORD)},${JSON.stringify(RECORD)},`)
      setTimeout(() => res.socket?.destroy(), 50)
    })
    try {
      const seen: ExportRow[] = []
      const e = await failure(
        (async () => {
          for await (const r of await clientFor(server.url).exportTransactionsJsonStream(window()))
            seen.push(r)
        })(),
      )
      expect(seen).toHaveLength(2)
      expect(e.kind).toBe("network")
      expect(e.message).toMatch(/cut off/)
    } finally {
      await server.stop()
    }
  })

  it("a file link on another origin on loopback is not fetched at all (another service)", async () => {
    fake.reply({ status: 200, body: "a;b\n" })
    const other = clientFor("http://127.0.0.1:1")
    await expect(other.downloadExportFile(`${fake.url}/files/x.csv`)).rejects.toMatchObject({
      kind: "invalid_response",
      message: expect.stringMatching(/not fetched/),
    })
    expect(fake.seen).toHaveLength(0)
  })
})

async function serve(
  handle: (res: import("node:http").ServerResponse) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on("end", () => handle(res))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
