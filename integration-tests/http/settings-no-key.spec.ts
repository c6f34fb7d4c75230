import { randomBytes } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { SecretBox } from "../../src/modules/platega/access"
import { adminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(120_000)

// A store without PLATEGA_ENCRYPTION_KEY (the variable may be left over from another spec).
delete process.env.PLATEGA_ENCRYPTION_KEY
delete process.env.PLATEGA_ENCRYPTION_OLD_KEYS

const sandbox = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const http = api as AxiosInstance
    let headers: { headers: Record<string, string> }
    const post = (path: string, body: unknown) =>
      http.post(path, body, { ...headers, validateStatus: () => true })

    beforeAll(async () => {
      headers = await adminHeaders(getContainer())
    })

    it("says what to set, refuses a secret with nothing saved, and saves the rest", async () => {
      const before = (await http.get("/admin/platega/settings", headers)).data.settings
      expect(before.encryption).toMatchObject({
        configured: false,
        key_id: null,
        env: "PLATEGA_ENCRYPTION_KEY",
      })

      const refused = await post("/admin/platega/settings", {
        merchant_id: "0d3e0000-7e57-4000-8000-00000000d3e1",
        secret: "a-secret-that-cannot-be-kept",
        description: "{store}: {cart_id}",
      })
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/`secret`.*PLATEGA_ENCRYPTION_KEY/)
      expect(refused.data.message).not.toContain("a-secret-that-cannot-be-kept")
      expect((await http.get("/admin/platega/settings", headers)).data.settings).toEqual(before)

      const saved = await post("/admin/platega/settings", { description: "{store}: {cart_id}" })
      expect(saved.status).toBe(200)
      expect(saved.data.settings.fields.description).toEqual({
        value: "{store}: {cart_id}",
        source: "settings",
      })
      // The options' credentials still work without a key.
      const test = await post("/admin/platega/settings/connection-check", {})
      expect(test.data.test).toMatchObject({ ok: true, base_url: sandbox().url })
    })

    it("a stored secret whose key is gone: the page is told why, nothing leaks, nothing is sent", async () => {
      const other = new SecretBox({ PLATEGA_ENCRYPTION_KEY: randomBytes(32).toString("base64") })
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `insert into platega_settings (id, merchant_id, secret_ciphertext, secret_last4)
           values ('plset_orphan', ?, ?, 'ab12')`,
          ["0d3e0000-7e57-4000-8000-00000000d3e1", other.encrypt("orphaned-secret-value-ab12")],
        )
      const res = await http.get("/admin/platega/settings", headers)
      expect(res.status).toBe(200)
      const s = res.data.settings
      expect(s.encryption.error).toMatch(/not configured.*PLATEGA_ENCRYPTION_KEY/)
      expect(s.fields.secret).toEqual({ set: true, last4: "ab12", source: "settings" })
      expect(JSON.stringify(res.data)).not.toContain("orphaned-secret-value")

      const test = await post("/admin/platega/settings/connection-check", {})
      expect(test.status).toBe(400)
      expect(test.data.message).toMatch(/PLATEGA_ENCRYPTION_KEY/)
    })
  },
})
