import { randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { PlategaClient } from "../../src/lib/platega"
import { adminHeaders } from "../helpers/admin"
import { SBP, createCart } from "../helpers/checkout"
import { readExportFile } from "../helpers/export-files"
import { loopbackOnly, type LoopbackOnly } from "../helpers/loopback-only"
import { useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(240_000)

// Attacks through the admin API (an admin session, or a stolen admin token) and through a Platega
// that answers what an attacker wants: real Medusa on PostgreSQL, the sandbox over HTTP, and an
// "evil" HTTP server on loopback that records whatever reaches it.

// Read when Medusa loads the plugin: secrets saved in the admin are encrypted with it.
process.env.PLATEGA_ENCRYPTION_KEY = randomBytes(32).toString("base64")

const sandbox = useSandbox()

/**
 * Names an admin might type that lead where the store must not connect, resolved by a stub
 * resolver; while this spec runs no socket leaves the loopback (an attempt is recorded).
 */
const REFUSED_NAMES: Record<string, string[]> = {
  "private.shop-one.ru": ["10.0.0.7"],
  "mixed.shop-one.ru": ["93.184.216.34", "192.168.1.10"],
  "metadata.shop-one.ru": ["169.254.169.254"],
  "cgnat.shop-one.ru": ["100.64.0.1"],
  "reserved.shop-one.ru": ["198.18.0.1"],
  "v6.shop-one.ru": ["fd00:ec2::254"],
  "v6-link.shop-one.ru": ["fe80::1"],
}
const REFUSED_LITERALS = [
  "10.0.0.7",
  "169.254.169.254",
  "100.64.0.1",
  "240.0.0.1",
  "[fd00:ec2::254]",
  "[::ffff:a9fe:a9fe]",
]
const REFUSED_HOSTS = [...Object.keys(REFUSED_NAMES), ...REFUSED_LITERALS]

interface Recorded {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

async function startRecorder(): Promise<{ url: string; requests: Recorded[]; server: Server }> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers })
    res.setHeader("Content-Type", "text/csv")
    res.end("recordId,description\r\nx,stolen\r\n")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests, server }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const http = api as AxiosInstance
    let headers: { headers: Record<string, string> }
    let evil: Awaited<ReturnType<typeof startRecorder>>
    let net: LoopbackOnly

    const post = (path: string, body: unknown) =>
      http.post(path, body, { ...headers, validateStatus: () => true })
    const get = (path: string) => http.get(path, { ...headers, validateStatus: () => true })
    const settings = async () => (await get("/admin/platega/settings")).data.settings
    const audits = async () => (await get("/admin/platega/settings/audit")).data.audits

    /** A finished CSV export of the last minutes (its rows are whatever the sandbox holds). */
    async function csvExport(): Promise<{ id: string; file: { download_url: string } }> {
      const res = await post("/admin/platega/exports", {
        from: new Date(Date.now() - 10 * 60_000).toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        format: "csv",
      })
      expect(res.status).toBe(202)
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const { data } = await get(`/admin/platega/exports/${res.data.export.id}`)
        if (data.export.status === "done") return data.export
        if (data.export.status === "failed") throw new Error(JSON.stringify(data.export.error))
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error("the export did not finish")
    }

    beforeAll(async () => {
      headers = await adminHeaders(getContainer())
      evil = await startRecorder()
      net = loopbackOnly(REFUSED_NAMES)
    })

    afterAll(async () => {
      net?.restore()
      await new Promise((resolve) => evil?.server.close(resolve))
    })

    afterEach(async () => {
      await sandbox().control.setFaults({})
    })

    it("the base URL cannot move without the secret: 400, nothing saved, X-Secret never reaches the new host", async () => {
      for (const body of [
        { base_url: evil.url },
        { base_url: evil.url, secret: null },
        { base_url: evil.url, merchant_id: sandbox().merchantId },
      ]) {
        const res = await post("/admin/platega/settings", body)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/`secret`.*`base_url`/)
      }
      const s = await settings()
      expect(s.fields.base_url).toEqual({ value: sandbox().url, source: "options" })
      expect(await audits()).toEqual([])
      // The store goes on talking to its own Platega, and only to it.
      const test = await post("/admin/platega/settings/connection-check", {})
      expect(test.data.test).toMatchObject({ ok: true, base_url: sandbox().url })
      expect(evil.requests).toEqual([])
    })

    it("a base URL that is not Platega's is flagged, the sandbox is shown as such, and the move is audited", async () => {
      const before = await settings()
      expect(before).toMatchObject({ base_url_is_platega: false, base_url_kind: "sandbox" })

      const typed = { merchant_id: sandbox().merchantId, secret: sandbox().secret }
      const moved = await post("/admin/platega/settings", {
        ...typed,
        base_url: "https://platega.evil.example",
      })
      expect(moved.status).toBe(200)
      expect(moved.data.settings).toMatchObject({
        base_url_is_platega: false,
        base_url_kind: "other",
      })
      const [audit] = await audits()
      expect(audit).toMatchObject({
        fields: expect.arrayContaining(["base_url"]),
        base_url: { from: null, to: "https://platega.evil.example" },
      })

      const home = await post("/admin/platega/settings", {
        ...typed,
        base_url: "https://app.platega.io",
      })
      expect(home.data.settings).toMatchObject({
        base_url_is_platega: true,
        base_url_kind: "platega",
      })
    })

    it("the connection check connects to no private, link-local, CGNAT or reserved address, and answers each alike", async () => {
      const typed = { merchant_id: sandbox().merchantId, secret: sandbox().secret }
      const answers: unknown[] = []
      for (const host of REFUSED_HOSTS) {
        for (const port of ["", ":8443", ":6379"]) {
          const res = await post("/admin/platega/settings/connection-check", {
            ...typed,
            base_url: `https://${host}${port}`,
          })
          expect([host, port, res.status]).toEqual([host, port, 200])
          const { at: _a, latency_ms: _l, base_url: _b, calls, ...rest } = res.data.test
          answers.push({ ...rest, calls: calls.map(({ ms: _m, ...c }: { ms: number }) => c) })
        }
      }
      // One answer for every refused host: nothing tells what listens there, or what a name
      // resolves to.
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
      expect(answers[0]).toEqual({
        ok: false,
        source: "form",
        merchant_id: sandbox().merchantId,
        calls: [
          {
            call: "merchant",
            endpoint: "GET /balance/all",
            outcome: "unreachable",
            message: expect.stringMatching(/not a public address.*nothing was sent/),
          },
        ],
      })
      expect(net.attempts).toEqual([])
      // Each name was resolved (once per check) and never connected to.
      expect(new Set(net.lookups)).toEqual(new Set(Object.keys(REFUSED_NAMES)))
      // The sandbox on the loopback is still checked.
      const own = await post("/admin/platega/settings/connection-check", {})
      expect(own.data.test).toMatchObject({ ok: true, base_url: sandbox().url })
    })

    it("the callback check connects to no private, link-local, CGNAT or reserved address", async () => {
      for (const host of REFUSED_HOSTS) {
        const res = await http.get("/admin/platega/settings/callback-check", {
          headers: {
            ...headers.headers,
            "x-forwarded-proto": "https",
            "x-forwarded-host": host,
          },
          validateStatus: () => true,
        })
        expect([host, res.status]).toEqual([host, 200])
        expect([host, res.data.check]).toEqual([
          host,
          { qualifies: false, problems: ["private_host"] },
        ])
      }
      expect(net.attempts).toEqual([])
    })

    it("an export file link to a foreign, private, link-local or plain-http address is refused; nothing is fetched", async () => {
      const record = await csvExport()
      for (const url of [
        `${evil.url}/transactions.csv`,
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/latest/meta-data/",
        "https://10.0.0.7/export.csv",
        "http://files.platega.io/export.csv",
        "https://files.platega.io.evil.example/export.csv",
        "file:///etc/passwd",
      ]) {
        await sandbox().control.setFaults({
          answerFields: { "POST /transaction/export/csv": { url } },
        })
        const res = await get(`/admin/platega/exports/${record.id}/platega-file?format=csv`)
        expect([url, res.status]).toEqual([url, 502])
        expect(res.data).toMatchObject({
          type: "platega_error",
          message: expect.stringMatching(/not fetched/),
        })
      }
      expect(evil.requests).toEqual([])
    })

    it("a payer address from Platega that is javascript: or plain http is refused; nothing is stored", async () => {
      const store: StoreFixture = await seedStore(getContainer())
      for (const redirect of ["javascript:alert(document.cookie)", "http://evil.example/pay"]) {
        await sandbox().control.setFaults({
          answerFields: { "POST /transaction/process": { redirect } },
        })
        const cartId = await createCart(http, store)
        const { data: pc } = await http.post(
          "/store/payment-collections",
          { cart_id: cartId },
          { headers: store.headers },
        )
        const res = await http.post(
          `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
          { provider_id: SBP, data: { return_url: "http://localhost:8000/return" } },
          { headers: store.headers, validateStatus: () => true },
        )
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(res.data)).not.toContain(redirect)
      }
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw(
        "select id from payment_session where data::text like '%javascript:%' or data::text like '%evil.example%'",
      )
      expect(rows).toEqual([])
    })

    it("formula cells in Platega's own CSV are neutralised on the way to the admin", async () => {
      const client = new PlategaClient({
        baseUrl: sandbox().url,
        merchantId: sandbox().merchantId,
        secret: sandbox().secret,
      })
      const attacks = ['=HYPERLINK("http://evil.example","click")', "+1+2", "-1+2", "@SUM(A1:A9)"]
      for (const text of attacks) {
        await client.createTransaction({
          paymentMethod: 2,
          paymentDetails: { amount: 100, currency: "RUB" },
          description: text,
          payload: text,
          return: "https://shop.example/ok",
          failedUrl: "https://shop.example/fail",
        })
      }
      const record = await csvExport()
      const res = await http.get(`/admin/platega/exports/${record.id}/platega-file?format=csv`, {
        ...headers,
        responseType: "arraybuffer",
      })
      expect(res.status).toBe(200)
      const rows = await readExportFile(
        "csv",
        Buffer.concat([Buffer.from("efbbbf", "hex"), Buffer.from(res.data)]),
        ",",
      )
      const cells = rows.slice(1).flatMap((r) => [r[6], r[7]])
      for (const text of attacks) expect(cells).toContain(`'${text}`)
      expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([])
    })

    it("a private export is not served at a public path; the admin's download still works", async () => {
      const record = await csvExport()
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw("select file_key from platega_export where id = ?", [record.id])
      const key = rows[0].file_key as string
      const open = await http.get(`/static/${key}`, { validateStatus: () => true })
      expect(open.status).toBe(404)
      const download = await get(record.file.download_url)
      expect(download.status).toBe(200)
    })
  },
})
