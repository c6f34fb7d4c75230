import path from "node:path"
import { randomBytes } from "node:crypto"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE } from ".."
import { SecretBox } from "../access"
import type PlategaModuleService from "../service"

jest.setTimeout(60_000)

// The current key, and an old one still readable (a rotation in progress).
const OLD_KEY = randomBytes(32).toString("base64")
process.env.PLATEGA_ENCRYPTION_KEY = randomBytes(32).toString("base64")
process.env.PLATEGA_ENCRYPTION_OLD_KEYS = OLD_KEY

const MERCHANT = "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70"
const SECRET = "module-spec-secret-0001"

moduleIntegrationTestRunner<PlategaModuleService>({
  moduleName: PLATEGA_MODULE,
  resolve: path.join(__dirname, ".."),
  pathToMigrations: path.join(__dirname, "../migrations"),
  testSuite: ({ service }) => {
    it("saves a change, reads it back, and records only what really changed", async () => {
      const first = await service.saveSettings(
        service.sealSettingsPatch({ merchant_id: MERCHANT, secret: SECRET, csv_separator: "," }),
        "user_1",
      )
      expect(first.changed.sort()).toEqual(["csv_separator", "merchant_id", "secret"])
      const stored = await service.getStoredSettings()
      expect(stored).toMatchObject({ merchant_id: MERCHANT, csv_separator: "," })
      expect(stored!.secret_ciphertext).toMatch(/^v1:/)

      const again = await service.saveSettings(
        service.sealSettingsPatch({ merchant_id: MERCHANT, secret: SECRET, csv_separator: "," }),
        "user_1",
      )
      expect(again).toEqual({ changed: [], auditId: null })
      expect(await service.listPlategaSettings({})).toHaveLength(1)
      expect(await service.listPlategaSettingsAudits({})).toHaveLength(1)
    })

    it("keeps the merchant id and the secret a pair, and saves nothing otherwise", async () => {
      await expect(
        service.saveSettings(service.sealSettingsPatch({ merchant_id: MERCHANT }), null),
      ).rejects.toThrow(/`secret`: the merchant id and the secret are saved as a pair/)
      await expect(
        service.saveSettings(
          service.sealSettingsPatch({ secret: SECRET, csv_separator: "|" }),
          null,
        ),
      ).rejects.toThrow(/`merchant_id`/)
      expect(await service.getStoredSettings()).toBeNull()
      expect(await service.listPlategaSettingsAudits({})).toHaveLength(0)
    })

    it("restores a snapshot (a workflow's compensation)", async () => {
      await service.saveSettings(service.sealSettingsPatch({ description: "a" }), null)
      const snapshot = await service.getStoredSettings()
      await service.saveSettings(
        service.sealSettingsPatch({ merchant_id: MERCHANT, secret: SECRET, description: "b" }),
        null,
      )
      await service.restoreSettings(snapshot)
      expect(await service.getStoredSettings()).toEqual(snapshot)
      await service.restoreSettings(null)
      expect(await service.getStoredSettings()).toMatchObject({ description: null })
    })

    it("re-encrypts secrets written with an old key, audited by field name", async () => {
      const old = new SecretBox({ PLATEGA_ENCRYPTION_KEY: OLD_KEY })
      await service.createPlategaSettings({
        merchant_id: MERCHANT,
        secret_ciphertext: old.encrypt(SECRET),
        secret_last4: "0001",
      })
      expect((await service.getSettingsForAdmin()).encryption.stale).toEqual(["secret"])
      expect(await service.rotateSecrets("user_2")).toBe(1)
      const stored = await service.getStoredSettings()
      expect(service.access.secretBox.isStale(stored!.secret_ciphertext!)).toBe(false)
      expect(service.access.secretBox.decrypt(stored!.secret_ciphertext!)).toBe(SECRET)
      expect((await service.getSettingsForAdmin()).encryption.stale).toEqual([])
      const [audit] = await service.listPlategaSettingsAudits({ action: "rotate" })
      expect(audit).toMatchObject({ actor_id: "user_2", fields: { names: ["secret"] } })
      expect(await service.rotateSecrets("user_2")).toBe(0)
    })
  },
})
