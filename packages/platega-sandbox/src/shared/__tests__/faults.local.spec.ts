import { FaultInjector, normalizeRouteKey } from "../faults"
import type { SandboxFaults } from "../faults"
import type { RunningSandbox } from "../../types"
import { Receiver, api, createPayment, start } from "../../__tests__/helpers"

describe("fault injection", () => {
  it("normalizes route keys", () => {
    expect(normalizeRouteKey("get /transaction/{id}")).toBe("GET /transaction/:id")
    expect(normalizeRouteKey(" * ")).toBe("*")
  })

  it("repeats the same decisions for the same seed, per stream", () => {
    const decisions = (seed: number, interleave: boolean) => {
      const f = new FaultInjector(0)
      f.set({ seed, errorRates: { "GET /a": 0.5, "GET /b": 0.5 } })
      const out: (number | null)[] = []
      for (let i = 0; i < 40; i++) {
        // Requests on another route in between must not shift the decisions of GET /a.
        if (interleave) f.errorStatus("GET /b")
        out.push(f.errorStatus("GET /a"))
      }
      return out
    }
    const a = decisions(42, false)
    expect(decisions(42, true)).toEqual(a)
    expect(decisions(43, false)).not.toEqual(a)
    const failures = a.filter((s) => s !== null).length
    expect(failures).toBeGreaterThan(8)
    expect(failures).toBeLessThan(32)
    expect(new Set(a.filter((s) => s !== null))).toEqual(new Set([500, 502, 503]))
  })

  it("refuses bad fault settings", () => {
    const f = new FaultInjector(1)
    expect(() => f.set({ errorRates: { "GET /a": 2 } })).toThrow()
    expect(() => f.set({ latencyMs: { min: 5, max: 1 } })).toThrow()
    expect(() => f.set({ typo: true } as unknown as SandboxFaults)).toThrow()
  })
})

describe("sandbox: faults over HTTP", () => {
  let sandbox: RunningSandbox

  beforeAll(async () => {
    sandbox = await start({ seed: 5 })
  })
  afterAll(async () => {
    await sandbox.stop()
  })
  beforeEach(async () => {
    await sandbox.control.waitForCallbacks()
    await sandbox.control.reset()
  })

  const pattern = async (id: string, n: number) => {
    const out: number[] = []
    for (let i = 0; i < n; i++) out.push((await api(sandbox, "GET", `/transaction/${id}`)).status)
    return out
  }

  it("5xx per endpoint, repeatable from the seed", async () => {
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.setFaults({ seed: 99, errorRates: { "GET /transaction/{id}": 0.3 } })
    const first = await pattern(transactionId, 30)
    expect(first.some((s) => s >= 500)).toBe(true)
    expect(first.some((s) => s === 200)).toBe(true)
    // Other endpoints are untouched.
    expect((await api(sandbox, "GET", "/balance/all")).status).toBe(200)
    await sandbox.control.setFaults({ seed: 99, errorRates: { "GET /transaction/:id": 0.3 } })
    expect(await pattern(transactionId, 30)).toEqual(first)
    await sandbox.control.setFaults({ seed: 100, errorRates: { "GET /transaction/:id": 0.3 } })
    expect(await pattern(transactionId, 30)).not.toEqual(first)
  })

  it("a failed request is not processed; a lost response is", async () => {
    await sandbox.control.setFaults({ errorRates: { "POST /transaction/process": 1 } })
    const failed = await api<{ type: number }>(sandbox, "POST", "/transaction/process", {})
    expect(failed.status).toBeGreaterThanOrEqual(500)
    expect((await sandbox.control.callbackLog()).length).toBe(0)
    await sandbox.control.setFaults({ lostResponseRates: { "POST /transaction/process": 1 } })
    const before = (await api<unknown[]>(sandbox, "POST", "/transaction/export/json", {})).body
      .length
    const lost = await api(sandbox, "POST", "/transaction/process", {
      paymentMethod: 2,
      paymentDetails: { amount: 10, currency: "RUB" },
      description: "x",
      return: "https://a.example",
      failedUrl: "https://a.example",
    })
    expect(lost.status).toBe(502)
    expect(lost.text).toContain("Bad Gateway")
    expect(
      (await api<unknown[]>(sandbox, "POST", "/transaction/export/json", {})).body.length,
    ).toBe(before + 1)
  })

  it("adds latency to API routes only", async () => {
    await sandbox.control.setFaults({ latencyMs: 400 })
    let t = Date.now()
    await api(sandbox, "GET", "/balance/all")
    expect(Date.now() - t).toBeGreaterThanOrEqual(390)
    t = Date.now()
    await fetch(`${sandbox.url}/_sandbox/health`)
    expect(Date.now() - t).toBeLessThan(300)
    await sandbox.control.setFaults({ latencyMs: { min: 100, max: 200 } })
    t = Date.now()
    await api(sandbox, "GET", "/balance/all")
    expect(Date.now() - t).toBeGreaterThanOrEqual(95)
    await sandbox.control.setFaults({})
    t = Date.now()
    await api(sandbox, "GET", "/balance/all")
    expect(Date.now() - t).toBeLessThan(300)
  })

  it("can be set over the control API", async () => {
    const res = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seed: 3, errorRates: { "*": 1 } }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ seed: 3, errorRates: { "*": 1 } })
    expect((await api(sandbox, "GET", "/balance/all")).status).toBeGreaterThanOrEqual(500)
    const bad = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ errorRates: { "*": 7 } }),
    })
    expect(bad.status).toBe(400)
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: "DELETE" })
    expect((await api(sandbox, "GET", "/balance/all")).status).toBe(200)
  })
})

describe("sandbox: callback faults", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  beforeEach(async () => {
    receiver = await new Receiver().listen()
    sandbox = await start({ seed: 8, callbackUrl: receiver.url, callbackRetryIntervalMs: 20 })
  })
  afterEach(async () => {
    await sandbox.stop()
    await receiver.close()
  })

  const confirmMany = async (n: number) => {
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const { transactionId } = await createPayment(sandbox)
      await sandbox.control.confirm(transactionId)
      ids.push(transactionId)
      await sandbox.control.waitForCallbacks()
    }
    return ids
  }

  it("drops callbacks for good and logs them", async () => {
    await sandbox.control.setFaults({ callbacks: { dropRate: 1 } })
    await confirmMany(3)
    // For good: a day of sandbox time later (retries run on it), still nothing was sent.
    await sandbox.control.advanceClock(24 * 60 * 60_000)
    await sandbox.control.waitForCallbacks()
    expect(receiver.received).toHaveLength(0)
    const log = await sandbox.control.callbackLog()
    expect(log.map((e) => e.outcome)).toEqual(["dropped", "dropped", "dropped"])
  })

  it("duplicates callbacks", async () => {
    await sandbox.control.setFaults({ callbacks: { duplicateRate: 1 } })
    const [id] = await confirmMany(1)
    await receiver.waitFor(2)
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies().map((b) => b.id)).toEqual([id, id])
    expect((await sandbox.control.callbackLog()).filter((e) => e.duplicate)).toHaveLength(1)
  })

  it("reorders: a held callback arrives after the next one", async () => {
    await sandbox.control.setFaults({ callbacks: { reorderRate: 1 } })
    const { transactionId: a } = await createPayment(sandbox)
    const { transactionId: b } = await createPayment(sandbox)
    await sandbox.control.confirm(a)
    await sandbox.control.confirm(b)
    await receiver.waitFor(2)
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies().map((x) => x.id)).toEqual([b, a])
    const log = await sandbox.control.callbackLog()
    expect(log.find((e) => e.subjectId === a)!.reordered).toBe(true)
  })

  it("releases a held callback after a while even when nothing follows", async () => {
    await sandbox.control.setFaults({ callbacks: { reorderRate: 1 } })
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await receiver.waitFor(1, 3000)
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies()[0].id).toBe(transactionId)
  })

  it("applies rates repeatably from the seed", async () => {
    const run = async () => {
      await sandbox.control.reset()
      receiver.received.length = 0
      await sandbox.control.setFaults({ seed: 1234, callbacks: { dropRate: 0.5 } })
      await confirmMany(12)
      return (await sandbox.control.callbackLog()).map((e) => e.outcome)
    }
    const first = await run()
    expect(first).toContain("dropped")
    expect(first).toContain("delivered")
    expect(await run()).toEqual(first)
  })
})
