import { randomBytes } from "node:crypto"
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE } from ".."
import { PlategaAccess, SecretBox, type SettingsRow } from "../access"
import type PlategaModuleService from "../service"

jest.setTimeout(60_000)

const KEY = randomBytes(32).toString("base64")
process.env.PLATEGA_ENCRYPTION_KEY = KEY

const options = { merchantId: "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70", secret: "from-options" }
const SECRET = "super-secret-value-1234"
const PAYOUT_KEY = "payout-key-value-5678"
const MERCHANT = "11111111-2222-4333-8444-555555555555"

moduleIntegrationTestRunner<PlategaModuleService>({
  moduleName: PLATEGA_MODULE,
  resolve: path.join(__dirname, ".."),
  moduleOptions: { provider: options },
  pathToMigrations: path.join(__dirname, "../migrations"),
  testSuite: ({ service }) => {
    const seal = (v: string) => ({
      ciphertext: service.access.secretBox.encrypt(v),
      last4: v.slice(-4),
    })

    it("stores secrets only encrypted and returns them to the admin only masked", async () => {
      await service.saveSettings(
        { merchant_id: MERCHANT, secret: seal(SECRET), payout_key: seal(PAYOUT_KEY) },
        "user_1",
      )
      const [row] = await service.listPlategaSettings({})
      const raw = JSON.stringify(row)
      expect(raw).not.toContain(SECRET)
      expect(raw).not.toContain(PAYOUT_KEY)
      expect(row.secret_ciphertext).toMatch(/^v1:[0-9a-f]{8}:/)

      const view = await service.getSettingsForAdmin()
      const shown = JSON.stringify(view)
      expect(shown).not.toContain(SECRET)
      expect(shown).not.toContain(PAYOUT_KEY)
      expect(view.fields.secret).toMatchObject({ set: true, last4: "1234", source: "settings" })

      // The plugin itself gets the plaintext (to call Platega), from the database.
      service.access.invalidate()
      expect(await service.access.credentials()).toMatchObject({
        merchantId: MERCHANT,
        secret: SECRET,
        payoutKey: PAYOUT_KEY,
      })
      expect(JSON.stringify(await service.listPlategaSettingsAudits({}))).not.toContain(SECRET)
    })

    it("a wrong key gives a clear error, not garbage", async () => {
      await service.saveSettings({ merchant_id: MERCHANT, secret: seal(SECRET) }, null)
      const [row] = await service.listPlategaSettings({})
      const other = new PlategaAccess({
        box: new SecretBox({ PLATEGA_ENCRYPTION_KEY: randomBytes(32).toString("base64") }),
      })
      expect(() => other.effective(row as unknown as SettingsRow)).toThrow(
        /encrypted with key [0-9a-f]{8}, which is not configured/,
      )
    })

    it("rotation re-encrypts under the new key; the old key still reads until then", async () => {
      await service.saveSettings({ merchant_id: MERCHANT, secret: seal(SECRET) }, null)
      const [before] = await service.listPlategaSettings({})
      const rotated = new SecretBox({
        PLATEGA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        PLATEGA_ENCRYPTION_OLD_KEYS: KEY,
      })
      expect(rotated.decrypt(before.secret_ciphertext!)).toBe(SECRET)
      expect(rotated.isStale(before.secret_ciphertext!)).toBe(true)
    })
  },
})
