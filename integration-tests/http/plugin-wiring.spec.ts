import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"

jest.setTimeout(120_000)

// Boots the store in medusa-config.ts (this plugin loaded from source) with valid options.
process.env.PLATEGA_MERCHANT_ID = "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70"
process.env.PLATEGA_SECRET = "wiring-secret"
process.env.PLATEGA_BASE_URL = "http://127.0.0.1:1"
process.env.PLATEGA_RETURN_URL = "http://localhost:8000/return"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("serves /health", async () => {
      const res = await api.get("/health")
      expect(res.status).toBe(200)
    })

    it("lists the plugin's payment providers in the admin API", async () => {
      const res = await api.get(
        "/admin/payments/payment-providers",
        await adminHeaders(getContainer()),
      )
      expect(res.status).toBe(200)
      const ids = res.data.payment_providers.map((p: { id: string }) => p.id)
      expect(ids).toEqual(
        expect.arrayContaining([
          "pp_platega-sbp_platega",
          "pp_platega-card_platega",
          "pp_platega-subscription_platega",
        ]),
      )
    })
  },
})
