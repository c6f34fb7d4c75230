import path from "node:path"
import { randomBytes } from "node:crypto"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE } from ".."
import type PlategaModuleService from "../service"

jest.setTimeout(60_000)

process.env.PLATEGA_ENCRYPTION_KEY = randomBytes(32).toString("base64")

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
  },
})
