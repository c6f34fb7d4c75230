import { randomBytes } from "node:crypto"
import { parsePlategaOptions } from "../plugin-options"
import { PlategaAccess, PlategaNotConfiguredError, SecretBox, type SettingsRow } from "../access"
import { PlategaSettings } from "../models/settings"
import { SETTINGS, STORED_COLUMNS, settingsPatchSchema } from "../settings"

const a = {
  merchantId: "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70",
  secret: "secret-a",
  baseUrl: "http://a",
}
const key = () => randomBytes(32).toString("base64")

/** A stand-in for the database: only the settings row (the real table is covered by the module spec). */
function fakePg(row?: Partial<SettingsRow>) {
  const state = { row, reads: 0 }
  return {
    state,
    raw: async () => {
      state.reads++
      return { rows: state.row ? [state.row] : [] }
    },
  }
}

describe("callback verification", () => {
  const access = new PlategaAccess({ options: parsePlategaOptions(a) })

  it("accepts the merchant's own headers, any header case", async () => {
    expect(
      await access.verifyCallback({ "x-merchantid": a.merchantId, "x-secret": a.secret }),
    ).toBe(true)
    expect(
      await access.verifyCallback({
        "X-MerchantId": a.merchantId.toUpperCase(),
        "X-Secret": a.secret,
      }),
    ).toBe(true)
  })

  it.each([
    [{ "x-merchantid": a.merchantId, "x-secret": "secret-b" }],
    [{ "x-merchantid": a.merchantId, "x-secret": "secret-a " }],
    [{ "x-merchantid": "00000000-0000-0000-0000-000000000000", "x-secret": a.secret }],
    [{ "x-merchantid": a.merchantId }],
    [{}],
    [{ "x-merchantid": [a.merchantId], "x-secret": 42 }],
  ])("rejects %j", async (headers) => {
    expect(await access.verifyCallback(headers as Record<string, unknown>)).toBe(false)
  })

  it("matches nothing when nothing is configured", async () => {
    const none = new PlategaAccess({ options: parsePlategaOptions({}) })
    expect(await none.verifyCallback({ "x-merchantid": "", "x-secret": "" })).toBe(false)
    await expect(none.credentials()).rejects.toBeInstanceOf(PlategaNotConfiguredError)
  })
})

describe("effective settings", () => {
  it("complete settings win over the options, field by field with their source", async () => {
    const box = new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() })
    const pg = fakePg({
      merchant_id: "11111111-2222-4333-8444-555555555555",
      secret_ciphertext: box.encrypt("from-settings"),
      base_url: null,
      description: "Order {session_id}",
    })
    const access = new PlategaAccess({ pg, box, options: parsePlategaOptions(a) })
    const s = await access.settings()
    expect(s).toMatchObject({
      merchantId: "11111111-2222-4333-8444-555555555555",
      secret: "from-settings",
      baseUrl: "http://a",
      description: "Order {session_id}",
    })
    expect(s.sources).toMatchObject({
      merchantId: "settings",
      secret: "settings",
      baseUrl: "options",
      description: "settings",
      exportTimeZone: "default",
    })
    expect(
      await access.verifyCallback({ "x-merchantid": a.merchantId, "x-secret": a.secret }),
    ).toBe(false)
  })

  it("incomplete settings leave the options' credentials in force", async () => {
    const pg = fakePg({
      merchant_id: "11111111-2222-4333-8444-555555555555",
      secret_ciphertext: null,
    })
    const access = new PlategaAccess({ pg, options: parsePlategaOptions(a) })
    expect(await access.credentials()).toMatchObject({ merchantId: a.merchantId, secret: a.secret })
  })

  it("re-reads the row after the TTL, so a change made elsewhere is in force", async () => {
    const box = new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() })
    const pg = fakePg()
    // A clock of the test's own: a busy machine must not turn "within the TTL" into "after it".
    let now = 1_000_000
    jest.spyOn(Date, "now").mockImplementation(() => now)
    const access = new PlategaAccess({ pg, box, options: parsePlategaOptions(a), ttlMs: 20 })
    expect((await access.credentials()).secret).toBe(a.secret)
    pg.state.row = { merchant_id: a.merchantId, secret_ciphertext: box.encrypt("rotated") }
    now += 19
    expect((await access.credentials()).secret).toBe(a.secret) // within the TTL
    now += 1
    expect((await access.credentials()).secret).toBe("rotated")
    jest.restoreAllMocks()
  })

  it("verifies a callback against the secret in force, after a change too", async () => {
    const box = new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() })
    const pg = fakePg()
    let now = 1_000_000
    jest.spyOn(Date, "now").mockImplementation(() => now)
    const access = new PlategaAccess({ pg, box, options: parsePlategaOptions(a), ttlMs: 20 })
    const headers = (secret: string) => ({ "x-merchantid": a.merchantId, "x-secret": secret })
    expect(await access.verifyCallback(headers(a.secret))).toBe(true)
    pg.state.row = { merchant_id: a.merchantId, secret_ciphertext: box.encrypt("rotated") }
    now += 20
    expect(await access.verifyCallback(headers(a.secret))).toBe(false)
    expect(await access.verifyCallback(headers("rotated"))).toBe(true)
    expect(await access.verifyCallback(headers("rotated "))).toBe(false)
    jest.restoreAllMocks()
  })
})

describe("secrets at rest", () => {
  it("round-trips and never stores the plaintext", () => {
    const box = new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() })
    const c = box.encrypt("my-secret-value")
    expect(c).not.toContain("my-secret-value")
    expect(c).toMatch(/^v1:[0-9a-f]{8}:/)
    expect(box.decrypt(c)).toBe("my-secret-value")
    expect(box.encrypt("my-secret-value")).not.toBe(c) // a fresh IV every time
  })

  it("a wrong key gives a clear error, not garbage", () => {
    const c = new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() }).encrypt("x")
    expect(() => new SecretBox({ PLATEGA_ENCRYPTION_KEY: key() }).decrypt(c)).toThrow(
      /encrypted with key [0-9a-f]{8}, which is not configured/,
    )
    const [v, kid, iv, tag, data] = c.split(":")
    const tampered = [v, kid, iv, tag, Buffer.from("garbage").toString("base64")].join(":")
    const k = key()
    const same = new SecretBox({ PLATEGA_ENCRYPTION_KEY: k })
    expect(() => same.decrypt([v, same.currentKeyId, iv, tag, data].join(":"))).toThrow(
      /could not be decrypted/,
    )
    expect(tampered).not.toBe(c)
  })

  it("rotation: old keys still decrypt, new writes use the new key", () => {
    const oldKey = key()
    const newKey = key()
    const old = new SecretBox({ PLATEGA_ENCRYPTION_KEY: oldKey })
    const c = old.encrypt("kept")
    const rotated = new SecretBox({
      PLATEGA_ENCRYPTION_KEY: newKey,
      PLATEGA_ENCRYPTION_OLD_KEYS: oldKey,
    })
    expect(rotated.decrypt(c)).toBe("kept")
    expect(rotated.isStale(c)).toBe(true)
    expect(rotated.encrypt("kept").split(":")[1]).toBe(rotated.currentKeyId)
    expect(rotated.currentKeyId).not.toBe(old.currentKeyId)
  })

  it("saving without a key says what to set", () => {
    expect(() => new SecretBox({}).encrypt("x")).toThrow(/set PLATEGA_ENCRYPTION_KEY/)
    expect(() => new SecretBox({ PLATEGA_ENCRYPTION_KEY: "short" })).toThrow(/32-byte key/)
  })
})

describe("the settings table", () => {
  it("has a column in the settings model for every stored setting, and no other setting column", () => {
    // last_test and the guest payer key are the plugin's own, not settings.
    const own = [
      "id",
      "last_test",
      "payer_key_ciphertext",
      "created_at",
      "updated_at",
      "deleted_at",
    ]
    const columns = Object.keys(PlategaSettings.schema).filter((c) => !own.includes(c))
    expect(columns.sort()).toEqual([...STORED_COLUMNS].sort())
  })

  it("merges each setting the one way: settings over options over the table's default", () => {
    const access = new PlategaAccess({
      options: parsePlategaOptions({ ...a, description: "from options" }),
      given: new Set(["merchantId", "secret", "baseUrl", "description"]),
    })
    const s = access.effective({ csv_separator: "|", description: null } as SettingsRow)
    expect([s.csvSeparator, s.sources.csvSeparator]).toEqual(["|", "settings"])
    expect([s.description, s.sources.description]).toEqual(["from options", "options"])
    expect([s.exportTimeZone, s.sources.exportTimeZone]).toEqual([
      SETTINGS.export_time_zone.fallback,
      "default",
    ])
    expect([s.hmacScheme, s.sources.hmacScheme]).toEqual(["PG-HMAC", "default"])
  })

  it("the admin's validator is the table's: every field, each clearable with null", () => {
    const all = Object.fromEntries(Object.keys(SETTINGS).map((f) => [f, null]))
    expect(settingsPatchSchema.parse(all)).toEqual(all)
    expect(() => settingsPatchSchema.parse({ csv_separator: "x" })).toThrow(/csv_separator/)
  })
})
