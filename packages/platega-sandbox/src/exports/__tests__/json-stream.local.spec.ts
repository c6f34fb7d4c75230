import http from "node:http"
import type { RunningSandbox } from "../../types"
import { SPEC_EXPORT_COLUMNS, start } from "../../__tests__/helpers"

// The JSON export of a million records, read as it arrives: the answer is written incrementally,
// so the server's heap never holds the ~150 MB array (nor does this reader).

const MILLION = 1_000_000

function streamExport(
  sandbox: RunningSandbox,
  onChunk: () => void,
): Promise<{ status: number; bytes: number; records: number; head: string; tail: string }> {
  const body = JSON.stringify({ timeZoneId: "Europe/Moscow" })
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${sandbox.url}/transaction/export/json`,
      {
        method: "POST",
        headers: {
          "X-MerchantId": sandbox.merchantId,
          "X-Secret": sandbox.secret,
          "Content-Type": "application/json",
        },
      },
      (res) => {
        let bytes = 0
        let records = 0
        let head = ""
        let tail = ""
        const key = '"recordId"'
        let carry = ""
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => {
          bytes += chunk.length
          // Every record has exactly one recordId key (which may straddle two chunks).
          const text = carry + chunk
          records += text.split(key).length - 1
          carry = text.slice(-(key.length - 1))
          if (head.length < 400) head += chunk.slice(0, 400)
          tail = (tail + chunk).slice(-400)
          onChunk()
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, records, head, tail }))
        res.on("error", reject)
      },
    )
    req.on("error", reject)
    req.end(body)
  })
}

describe("sandbox: streamed JSON export", () => {
  jest.setTimeout(180_000)
  let sandbox: RunningSandbox

  beforeAll(async () => {
    sandbox = await start({ seed: 5 })
  })
  afterAll(async () => {
    await sandbox.stop()
  })

  it("serves 1,000,000 records as one JSON array, written as it goes", async () => {
    await sandbox.control.seedTransactions(MILLION, {
      from: 1_700_000_000_000,
      to: 1_710_000_000_000,
    })
    expect((await sandbox.control.settings()).jsonExportLimit).toBe(MILLION)
    const before = process.memoryUsage().heapUsed
    let peak = before
    let chunks = 0
    const result = await streamExport(sandbox, () => {
      chunks++
      if (chunks % 200 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed)
    })
    expect(result.status).toBe(200)
    expect(result.records).toBe(MILLION)
    expect(chunks).toBeGreaterThan(100)
    // First and last records are whole JSON objects inside one array.
    const first = JSON.parse(/^\[(\{[^}]*\})/.exec(result.head)![1]) as Record<string, unknown>
    expect(Object.keys(first)).toEqual(SPEC_EXPORT_COLUMNS)
    expect(first.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const last = JSON.parse(/,(\{[^{}]*\})\]$/.exec(result.tail)![1]) as Record<string, unknown>
    expect(last.description).toBe("Seeded order")
    // The answer is far larger than what the heap grew by while it was sent.
    expect(result.bytes).toBeGreaterThan(150_000_000)
    expect(peak - before).toBeLessThan(result.bytes / 3)
  })

  it("keeps the cap configurable: above it, a 400 that names the count", async () => {
    await sandbox.control.configure({ jsonExportLimit: 999_999 })
    const res = await fetch(`${sandbox.url}/transaction/export/json`, {
      method: "POST",
      headers: { "X-MerchantId": sandbox.merchantId, "X-Secret": sandbox.secret },
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain("1000000 transactions match")
  })
})
