import { PlategaClient } from "../client"
import { closedPort, type FakeServer } from "./support/fake-server"
import { MERCHANT_ID, SECRET, balancesAnswer } from "./support/fixtures"
import { useScriptedClient } from "./support/scripted-client"

// The settings page's connection check, against a scripted local HTTP server.
describe("PlategaClient.testConnection", () => {
  let fake: FakeServer
  let client: PlategaClient
  useScriptedClient((s) => ({ fake, client } = s))

  describe("testConnection", () => {
    it("ok, and checks the payout key with a signed read", async () => {
      fake.reply({ status: 200, body: balancesAnswer }, { status: 200, body: [] })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "ok",
      })
      expect(fake.seen.map((r) => r.url)).toEqual(["/balance/all", "/api/v1/cards?onlyActive=true"])
    })

    it("rejected on 401, without retrying, payout key skipped", async () => {
      fake.reply({
        status: 401,
        body: {
          code: "Auth:SIGN_1001",
          type: 4002,
          message: "Merchant secret key is not correct.",
          data: [],
          traceId: "t",
        },
      })
      const r = await client.testConnection()
      expect(r).toMatchObject({
        status: "rejected",
        httpStatus: 401,
        code: "Auth:SIGN_1001",
        payoutKey: "skipped",
      })
      expect(r.calls).toEqual([
        expect.objectContaining({
          call: "merchant",
          endpoint: "GET /balance/all",
          status: "rejected",
          code: "Auth:SIGN_1001",
          traceId: "t",
          ms: expect.any(Number),
        }),
        { call: "payout_key", endpoint: "GET /api/v1/cards", status: "skipped", ms: 0 },
      ])
      expect(fake.seen).toHaveLength(1)
    })

    it("payout key rejected while credentials are fine", async () => {
      fake.reply({ status: 200, body: balancesAnswer }, { status: 401, body: "bad signature" })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "rejected",
      })
    })

    it("unreachable on a closed port and on 5xx; not_configured without payout key", async () => {
      const port = await closedPort()
      const c = new PlategaClient({
        baseUrl: `http://127.0.0.1:${port}`,
        merchantId: MERCHANT_ID,
        secret: SECRET,
      })
      await expect(c.testConnection()).resolves.toMatchObject({
        status: "unreachable",
        payoutKey: "not_configured",
      })
      fake.reply({ status: 503 })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "unreachable",
        httpStatus: 503,
      })
      expect(fake.seen).toHaveLength(1)
    })
  })
})
