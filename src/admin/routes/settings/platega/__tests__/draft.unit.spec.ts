import type { PlategaSettings } from "../api"
import { buildPatch, connectionTestBody, initialDraft, isDirty } from "../draft"

const MERCHANT = "0d3e0000-7e57-4000-8000-00000000d3e0"

function settings(overrides: Partial<PlategaSettings["fields"]> = {}): PlategaSettings {
  return {
    fields: {
      merchant_id: { value: MERCHANT, source: "options" },
      secret: { set: true, last4: "cret", source: "options" },
      payout_key: { set: false, last4: null, source: "default" },
      base_url: { value: "http://localhost:4010", source: "options" },
      hmac_scheme: { value: "PG-HMAC", source: "default" },
      sign_path_with_query: { value: false, source: "default" },
      currencies: { value: ["RUB"], source: "default" },
      description: { value: "{store}: {cart_id}", source: "settings" },
      return_url: { value: null, source: "default" },
      failed_url: { value: null, source: "default" },
      storefront_origins: { value: null, source: "default" },
      reconcile_min_age_minutes: { value: 10, source: "default" },
      export_time_zone: { value: "Europe/Moscow", source: "default" },
      csv_separator: { value: ";", source: "default" },
      notification_language: { value: "en", source: "default" },
      ...overrides,
    },
    encryption: {
      configured: true,
      key_id: "abcd1234",
      env: "PLATEGA_ENCRYPTION_KEY",
      stale: [],
      error: null,
    },
    base_url_is_platega: false,
    base_url_kind: "sandbox",
    last_test: null,
    updated_at: null,
    callback: { url: "http://localhost:9000/hooks/platega", reachable: false, https: false },
  }
}

describe("settings draft", () => {
  it("is clean as loaded: nothing to save, the saved settings to test", () => {
    const s = settings()
    const draft = initialDraft(s)
    expect(draft.plain.currencies).toBe("RUB")
    expect(draft.plain.reconcile_min_age_minutes).toBe("10")
    expect(draft.secrets).toEqual({ secret: "", payout_key: "" })
    expect(buildPatch(draft, s)).toEqual({})
    expect(isDirty(draft, s)).toBe(false)
    expect(connectionTestBody(draft, s)).toEqual({})
  })

  it("sends only what changed, typed values converted", () => {
    const s = settings()
    const draft = initialDraft(s)
    draft.plain.currencies = "rub, usd;eur"
    draft.plain.reconcile_min_age_minutes = "15"
    draft.plain.return_url = "  "
    draft.plain.sign_path_with_query = true
    expect(buildPatch(draft, s)).toEqual({
      currencies: ["rub", "usd", "eur"],
      reconcile_min_age_minutes: 15,
      sign_path_with_query: true,
    })
  })

  it("a new secret for the options' merchant saves that merchant id with it (they are a pair)", () => {
    const s = settings()
    const draft = { ...initialDraft(s), secrets: { secret: "new-secret-value", payout_key: "" } }
    expect(buildPatch(draft, s)).toEqual({ secret: "new-secret-value", merchant_id: MERCHANT })
  })

  it("reset and remove clear fields; blank secrets leave the saved ones alone", () => {
    const s = settings({ payout_key: { set: true, last4: null, source: "settings" } })
    const draft = { ...initialDraft(s), reset: ["description" as const] }
    draft.secrets = { secret: "   ", payout_key: null }
    expect(buildPatch(draft, s)).toEqual({ description: null, payout_key: null })
  })

  it("tests the unsaved connection values only; a removed payout key is tested without one", () => {
    const s = settings()
    const draft = initialDraft(s)
    draft.plain.base_url = "https://app.platega.io"
    draft.plain.description = "changed"
    draft.secrets = { secret: "typed-secret", payout_key: null }
    expect(connectionTestBody(draft, s)).toEqual({
      base_url: "https://app.platega.io",
      secret: "typed-secret",
      merchant_id: MERCHANT,
      payout_key: null,
    })
  })
})
