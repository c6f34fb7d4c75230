import { randomBytes, randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import { startSandbox, type RunningSandbox } from "platega-sandbox"
import { ADMIN_EMAIL, adminHeaders } from "../helpers/admin"
import { CARD, cartOutcome, createCart, eventually, startPayment } from "../helpers/checkout"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(180_000)

// Read when Medusa loads the plugin: secrets saved in the admin are encrypted with it.
process.env.PLATEGA_ENCRYPTION_KEY = randomBytes(32).toString("base64")

/** The store's own merchant comes from the provider options (the env), on sandbox A. */
const sandbox = useSandbox()

/** A second merchant, on its own sandbox: what the admin saves in Settings → Platega. */
const SECOND = {
  merchantId: randomUUID(),
  secret: `second-secret-${randomBytes(6).toString("hex")}`,
  payoutKey: `second-payout-${randomBytes(6).toString("hex")}`,
}

/** Every plaintext secret of the test: none may ever appear in a response or the database. */
const secrets = () => [SECOND.secret, SECOND.payoutKey, sandbox().secret, sandbox().payoutKey]

function expectNoSecret(what: unknown) {
  const text = JSON.stringify(what)
  for (const s of secrets()) expect(text).not.toContain(s)
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let headers: { headers: Record<string, string> }
    let second: RunningSandbox
    let store: StoreFixture

    const http = api as AxiosInstance
    const settings = async () => {
      const res = await http.get("/admin/platega/settings", headers)
      expectNoSecret(res.data)
      return res.data.settings
    }
    const post = (path: string, body: unknown) =>
      http.post(path, body, { ...headers, validateStatus: () => true })
    const audits = async () => (await http.get("/admin/platega/settings/audit", headers)).data
    /** Points the store at the second merchant, as an admin does on the settings page. */
    const SAVE_SECOND = () => ({
      base_url: `${second.url}/`,
      merchant_id: SECOND.merchantId.toUpperCase(),
      secret: ` ${SECOND.secret}\n`,
      payout_key: SECOND.payoutKey,
      currencies: ["rub"],
      description: "{store} — корзина {cart_id}",
      export_time_zone: "Asia/Yekaterinburg",
    })
    const saveSecond = async () => {
      const res = await post("/admin/platega/settings", SAVE_SECOND())
      expect(res.status).toBe(200)
      return res
    }

    beforeAll(async () => {
      headers = await adminHeaders(getContainer())
      store = await seedStore(getContainer())
      second = await startSandbox({
        port: 0,
        quiet: true,
        callbackRetryIntervalMs: 100,
        ...SECOND,
      })
    })

    afterAll(async () => {
      await second?.stop()
    })

    it("shows the options' credentials masked, each value with its source, and the callback URL", async () => {
      const s = await settings()
      expect(s.fields.merchant_id).toEqual({ value: sandbox().merchantId, source: "options" })
      expect(s.fields.secret).toEqual({
        set: true,
        last4: sandbox().secret.length >= 12 ? sandbox().secret.slice(-4) : null,
        source: "options",
      })
      expect(s.fields.base_url).toEqual({ value: sandbox().url, source: "options" })
      expect(s.fields.currencies).toEqual({ value: ["RUB"], source: "default" })
      expect(s.fields.description.source).toBe("default")
      expect(s.fields.export_time_zone).toEqual({ value: "Europe/Moscow", source: "default" })
      expect(s.encryption).toMatchObject({ configured: true, env: "PLATEGA_ENCRYPTION_KEY" })
      expect(s.callback.url).toBe(`${http.defaults.baseURL}/hooks/platega`)
      expect(s.callback.reachable).toBe(false)

      // Platega takes only a public https address with a trusted certificate: this one is not.
      const check = await http.get("/admin/platega/settings/callback-check", headers)
      expect(check.data).toEqual({
        url: `${http.defaults.baseURL}/hooks/platega`,
        check: { qualifies: false, problems: ["not_https", "private_host"] },
      })
      // Behind a proxy, the forwarded address is the one checked.
      const forwarded = await http.get("/admin/platega/settings/callback-check", {
        headers: {
          ...headers.headers,
          "x-forwarded-proto": "https",
          "x-forwarded-host": "10.0.0.7",
        },
      })
      expect(forwarded.data).toEqual({
        url: "https://10.0.0.7/hooks/platega",
        check: { qualifies: false, problems: ["private_host"] },
      })
      const anonymous = await http.get("/admin/platega/settings/callback-check", {
        validateStatus: () => true,
      })
      expect(anonymous.status).toBe(401)
    })

    it.each([
      [{ merchant_id: "not-a-uuid" }, "merchant_id"],
      [{ base_url: "http://platega.example.com" }, "base_url"],
      [{ base_url: "ftp://localhost" }, "base_url"],
      [{ currencies: ["RUB", "XYZ"] }, "currencies"],
      [{ currencies: [] }, "currencies"],
      [{ export_time_zone: "Mars/Olympus_Mons" }, "export_time_zone"],
      [{ description: "Order {order_number}" }, "description"],
      [{ return_url: "not a url" }, "return_url"],
      [{ csv_separator: "x" }, "csv_separator"],
      [{ reconcile_min_age_minutes: 0 }, "reconcile_min_age_minutes"],
      [{ secret: 12345678901234 }, "secret"],
      [{ description: "fine", merchant_id: "nope" }, "merchant_id"],
      [{ surprise: true }, "surprise"],
    ])("refuses %j with a 400 naming the field, and saves nothing", async (body, field) => {
      const before = await settings()
      const auditCount = (await audits()).count
      const res = await post("/admin/platega/settings", body)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain(field)
      expect(res.data.message).not.toContain("12345678901234")
      expect(await settings()).toEqual(before)
      expect((await audits()).count).toBe(auditCount)
    })

    it("keeps the merchant id and secret a pair: a secret alone is refused", async () => {
      const res = await post("/admin/platega/settings", { secret: SECOND.secret })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/merchant_id.*pair/)
      expectNoSecret(res.data)
      expect((await settings()).fields.secret.source).toBe("options")
    })

    it("test connection tells a right secret from a wrong one, per call, before saving", async () => {
      const values = {
        base_url: second.url,
        merchant_id: SECOND.merchantId,
        payout_key: SECOND.payoutKey,
      }
      const wrong = await post("/admin/platega/settings/connection-check", {
        ...values,
        secret: "certainly-not-the-secret",
      })
      expect(wrong.status).toBe(200)
      expect(wrong.data.test).toMatchObject({ ok: false, source: "form", base_url: second.url })
      expect(wrong.data.test.calls).toEqual([
        expect.objectContaining({
          call: "merchant",
          endpoint: "GET /balance/all",
          outcome: "wrong_credentials",
          http_status: 401,
          code: "Auth:SIGN_1001",
          message: expect.stringContaining("Merchant secret key is not correct"),
          trace_id: expect.any(String),
          ms: expect.any(Number),
        }),
        expect.objectContaining({ call: "payout_key", outcome: "skipped" }),
      ])
      expect(JSON.stringify(wrong.data)).not.toContain("certainly-not-the-secret")

      // A merchant id Platega does not know: its own code, and what to do about it.
      const unknown = await post("/admin/platega/settings/connection-check", {
        ...values,
        merchant_id: "00000000-0000-4000-8000-000000000000",
        secret: SECOND.secret,
      })
      expect(unknown.data.test.calls[0]).toMatchObject({
        outcome: "wrong_credentials",
        http_status: 401,
        code: "Auth:SIGN_1002",
        message: expect.stringMatching(
          /Merchant not found.*copy it again from Platega's dashboard/,
        ),
      })

      const right = await post("/admin/platega/settings/connection-check", {
        ...values,
        secret: SECOND.secret,
      })
      expect(right.status).toBe(200)
      expect(right.data.test.ok).toBe(true)
      expect(right.data.test.calls.map((c: { outcome: string }) => c.outcome)).toEqual(["ok", "ok"])
      expectNoSecret(right.data)

      const kept = (await settings()).last_test
      expect(kept).toMatchObject({ ok: true, merchant_id: SECOND.merchantId })
    })

    it("test connection of the saved settings; a saved secret is never sent to another address", async () => {
      const saved = await post("/admin/platega/settings/connection-check", {})
      expect(saved.status).toBe(200)
      expect(saved.data.test).toMatchObject({ ok: true, source: "saved", base_url: sandbox().url })

      const elsewhere = await post("/admin/platega/settings/connection-check", {
        base_url: second.url,
      })
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.data.message).toMatch(/^.*secret.*saved address/)

      const unreachable = await post("/admin/platega/settings/connection-check", {
        base_url: "http://127.0.0.1:1",
        secret: "any-secret-at-all",
      })
      expect(unreachable.data.test.calls[0]).toMatchObject({ outcome: "unreachable" })
    })

    // Medusa's test runner restores the database before each test: each one sets up its own state.

    it("saves the second merchant: masked, encrypted at rest, audited by field name only", async () => {
      const res = await saveSecond()
      expectNoSecret(res.data)
      expect(res.data.changed.sort()).toEqual(
        [
          "base_url",
          "currencies",
          "description",
          "export_time_zone",
          "merchant_id",
          "payout_key",
          "secret",
        ].sort(),
      )
      const s = res.data.settings
      expect(s.fields.merchant_id).toEqual({ value: SECOND.merchantId, source: "settings" })
      expect(s.fields.base_url).toEqual({ value: second.url, source: "settings" })
      expect(s.fields.secret).toEqual({
        set: true,
        last4: SECOND.secret.slice(-4),
        source: "settings",
      })
      expect(s.fields.payout_key).toMatchObject({ set: true, source: "settings" })
      expect(s.fields.currencies).toEqual({ value: ["RUB"], source: "settings" })

      // At rest: ciphertext only, in the settings and in Medusa's workflow execution store.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw("select * from platega_settings")
      expectNoSecret(rows)
      expect(rows[0].secret_ciphertext).toMatch(/^v1:/)
      const executions = await pg.raw("select execution, context from workflow_execution")
      expectNoSecret(executions.rows)

      const { audits: list } = await audits()
      expect(list[0]).toMatchObject({
        actor_email: ADMIN_EMAIL,
        action: "update",
        fields: expect.arrayContaining(["secret", "merchant_id", "base_url"]),
      })
      // The one value kept: where the API address (and so the secret) moved, from and to.
      expect(list[0].base_url).toEqual({ from: null, to: second.url })
      const auditText = JSON.stringify(
        list.map(({ base_url: _, ...rest }: Record<string, unknown>) => rest),
      )
      expectNoSecret(list)
      expect(auditText).not.toContain(SECOND.merchantId)
      expect(auditText).not.toContain(second.url)
      expect(auditText).not.toContain("Yekaterinburg")
      // Paged like the admin's other lists, with the same rule.
      const page = await http.get("/admin/platega/settings/audit?limit=1&offset=0", headers)
      expect(page.data.audits).toHaveLength(1)
      const bad = await http.get("/admin/platega/settings/audit?limit=0", {
        ...headers,
        validateStatus: () => true,
      })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/limit.*at least.*1/)
    })

    it("saving the same values again changes nothing and records nothing", async () => {
      await saveSecond()
      const before = (await audits()).count
      const res = await post("/admin/platega/settings", {
        secret: SECOND.secret,
        merchant_id: SECOND.merchantId,
      })
      expect(res.status).toBe(200)
      expect(res.data.changed).toEqual([])
      expect((await audits()).count).toBe(before)
    })

    it("a checkout then goes to the saved merchant, with a description naming store and cart", async () => {
      await saveSecond()
      // Every process re-reads the settings within SETTINGS_TTL_MS: this one has.
      const platega = getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
      const inForce = await eventually(
        () => platega.getEffectiveSettings(),
        (s) => s.merchantId?.toLowerCase() === SECOND.merchantId.toLowerCase(),
      )
      expect(inForce.baseUrl).toMatch(second.url)
      await second.control.setCallbackUrl(callbackUrl(api))
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, CARD)
      const tx = await second.control.getTransaction(session.data.transaction_id)
      expect(tx).toMatchObject({ status: "PENDING", payload: session.id })
      expect(tx!.description).toBe(`Platega Demo Shop — корзина ${cartId}`)
      expect(tx!.description).not.toContain("payses_")
      expect(await sandbox().control.getTransaction(session.data.transaction_id)).toBeUndefined()

      // Its callback carries the second merchant's credentials, and is accepted.
      await second.control.confirm(session.data.transaction_id)
      const outcome = await eventually(
        () => cartOutcome(getContainer(), cartId),
        (o) => o.orders.length > 0,
      )
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments[0].captured_at).toBeTruthy()
    })

    it("the default description names the store and what is bought; a storefront cannot forge them", async () => {
      const cartId = await createCart(api, store)
      const { headers: storeHeaders } = store
      const {
        data: { payment_collection },
      } = await http.post(
        "/store/payment-collections",
        { cart_id: cartId },
        { headers: storeHeaders },
      )
      const path = `/store/payment-collections/${payment_collection.id}/payment-sessions`
      // Forged names are refused, naming the field, and nothing reaches Platega.
      const forged = await http.post(
        path,
        {
          provider_id: CARD,
          data: { return_url: "http://localhost:8000/return", store_name: "Evil Corp" },
        },
        { headers: storeHeaders, validateStatus: () => true },
      )
      expect(forged.status).toBe(400)
      expect(forged.data.message).toContain("store_name")
      const {
        data: { payment_collection: updated },
      } = await http.post(
        path,
        { provider_id: CARD, data: { return_url: "http://localhost:8000/return" } },
        { headers: storeHeaders },
      )
      const session = updated.payment_sessions[0]
      expect(session.data).toMatchObject({
        cart_id: cartId,
        store_name: "Platega Demo Shop",
        order_title: "Блокнот «Берёза»",
        payer_id: expect.stringMatching(/^guest_/),
      })
      // The provider options' merchant (sandbox A) and the default description: no internal id.
      const tx = await sandbox().control.getTransaction(session.data.transaction_id)
      expect(tx!.description).toBe("Platega Demo Shop: Блокнот «Берёза»")
    })

    it("clearing the credentials returns to the provider options", async () => {
      await saveSecond()
      const res = await post("/admin/platega/settings", {
        merchant_id: null,
        secret: "",
        payout_key: null,
        base_url: null,
      })
      expect(res.status).toBe(200)
      const s = res.data.settings
      expect(s.fields.merchant_id).toEqual({ value: sandbox().merchantId, source: "options" })
      expect(s.fields.secret.source).toBe("options")
      expect(s.fields.base_url).toEqual({ value: sandbox().url, source: "options" })
      expect(s.fields.description.source).toBe("settings")
      const { rows } = await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw("select secret_ciphertext, secret_last4 from platega_settings")
      expect(rows[0]).toEqual({ secret_ciphertext: null, secret_last4: null })
      const { audits: list } = await audits()
      expect(list[0].fields.sort()).toEqual(["base_url", "merchant_id", "payout_key", "secret"])
    })
  },
})
