import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { CARDS, postPayout } from "../helpers/payouts"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(120_000)

const sandbox = useSandbox()
// A store with merchant credentials but without the separate payout key.
beforeAll(() => {
  delete process.env.PLATEGA_PAYOUT_KEY
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("payouts and saved cards answer 400 with a clear message; nothing is sent", async () => {
      const auth = await adminHeaders(getContainer())
      const list = await api.get("/admin/platega/payouts", auth)
      expect(list.data).toMatchObject({ payouts: [], count: 0, payout_key_configured: false })

      for (const body of [
        { card_id: CARDS.mir, amount: 1500 },
        { card_number: "2200700000000009", amount: 1500 },
      ]) {
        const res = await postPayout(api, auth, body, randomUUID())
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/No Platega payout key is configured/)
        expect(res.data.message).toMatch(/Settings → Platega/)
      }
      const cards = await api.get("/admin/platega/cards", { ...auth, validateStatus: () => true })
      expect(cards.status).toBe(400)
      expect(cards.data.message).toMatch(/No Platega payout key is configured/)
      expect(await sandbox().control.payouts()).toHaveLength(0)

      // Balances need only the merchant credentials.
      const balances = await api.get("/admin/platega/balances", auth)
      expect(balances.status).toBe(200)
    })
  },
})
