import {
  buildStringToSign,
  parseAuthorization,
  pgHmacHeader,
  signPgHmac,
  verifyPgHmac,
} from "../hmac"
import type { SavedCard } from "../../cards-payouts/types"
import type { RunningSandbox } from "../../types"
import { api, signed, useSandbox } from "../../__tests__/helpers"

const VECTOR_BODY =
  '{"cardNumber":"2200000000000000","amountRub":1500,"payoutMethod":"CARD","currencyRequested":"RUB"}'

describe("PG-HMAC", () => {
  it("reproduces the conformance vector for GET /api/v1/cards", () => {
    const sts = buildStringToSign("GET", "/api/v1/cards", 1719403200, "", "")
    expect(sts).toBe(
      "GET\n/api/v1/cards\n1719403200\n\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    )
    expect(signPgHmac("test-secret", sts)).toBe("JkLnWze7MAmjSuZoIOZdk5myWz0PRsoSDWvqo8XPplE=")
  })

  it("reproduces the conformance vector for POST /api/v1/payouts/card-rub", () => {
    const sts = buildStringToSign(
      "POST",
      "/api/v1/payouts/card-rub",
      1719403200,
      "00000000-0000-0000-0000-446655440000",
      VECTOR_BODY,
    )
    expect(signPgHmac("test-secret", sts)).toBe("/qdKmh0of0UUey8//EiJ8a/n9l9miIhvm9pVfYZ/2G0=")
  })

  it("verifies the vector as a server would, and rejects a changed byte", () => {
    const check = {
      authorization:
        "PG-HMAC kid=m1, ts=1719403200, sig=/qdKmh0of0UUey8//EiJ8a/n9l9miIhvm9pVfYZ/2G0=",
      method: "POST",
      url: "/api/v1/payouts/card-rub",
      idempotencyKey: "00000000-0000-0000-0000-446655440000",
      body: Buffer.from(VECTOR_BODY),
      nowMs: 1719403200_000 + 299_000,
      merchantId: "m1",
      key: "test-secret",
      schemes: ["PG-HMAC"],
      windowSeconds: 300,
      pathMode: "either" as const,
    }
    expect(verifyPgHmac(check)).toEqual({ ok: true })
    expect(
      verifyPgHmac({ ...check, body: Buffer.from(VECTOR_BODY.replace("1500", "1501")) }),
    ).toEqual({
      ok: false,
      reason: "Signature is not correct.",
    })
    expect(verifyPgHmac({ ...check, nowMs: 1719403200_000 + 301_000 }).ok).toBe(false)
    expect(verifyPgHmac({ ...check, nowMs: 1719403200_000 - 301_000 }).ok).toBe(false)
    expect(verifyPgHmac({ ...check, merchantId: "m2" }).ok).toBe(false)
    expect(verifyPgHmac({ ...check, schemes: ["PAY-HMAC"] }).ok).toBe(false)
  })

  it("parses the header in any order, with quotes, keeping base64 padding", () => {
    expect(parseAuthorization('PAY-HMAC sig="ab==", ts=1, kid=k')).toEqual({
      scheme: "PAY-HMAC",
      kid: "k",
      ts: "1",
      sig: "ab==",
    })
    expect(parseAuthorization("PG-HMAC kid=k, ts=1")).toBeNull()
    expect(parseAuthorization("garbage")).toBeNull()
  })
})

describe("sandbox: cards and payouts over PG-HMAC", () => {
  let sandbox: RunningSandbox

  const payout = (
    body: Record<string, unknown>,
    idempotencyKey?: string,
    extra: { ts?: number } = {},
  ) =>
    signed<Record<string, unknown>>(sandbox, "POST", "/api/v1/payouts/card-rub", {
      body: JSON.stringify(body),
      idempotencyKey,
      ...extra,
    })
  const byNumber = (amountRub: number, cardNumber = "2200000000000000") => ({
    cardNumber,
    amountRub,
    payoutMethod: "CARD",
    currencyRequested: "RUB",
  })

  useSandbox((s) => (sandbox = s), {}, { resetEach: true, receiver: false })

  it("lists the seeded cards; onlyActive filters", async () => {
    const all = await signed<SavedCard[]>(sandbox, "GET", "/api/v1/cards")
    expect(all.status).toBe(200)
    expect(all.body.map((c) => c.status)).toEqual(["ACTIVE", "ACTIVE", "DISABLED", "PENDING"])
    expect(Object.keys(all.body[0]).sort()).toEqual([
      "brand",
      "cardId",
      "label",
      "last4",
      "masked",
      "status",
    ])
    const active = await signed<SavedCard[]>(sandbox, "GET", "/api/v1/cards?onlyActive=true")
    expect(active.body.map((c) => c.status)).toEqual(["ACTIVE", "ACTIVE"])
    const explicitAll = await signed<SavedCard[]>(sandbox, "GET", "/api/v1/cards?onlyActive=false")
    expect(explicitAll.body).toHaveLength(4)
  })

  it.each([
    ["PG-HMAC, bare path", "PG-HMAC", "/api/v1/cards"],
    ["PAY-HMAC, bare path", "PAY-HMAC", "/api/v1/cards"],
    ["PG-HMAC, path with query", "PG-HMAC", "/api/v1/cards?onlyActive=true"],
  ])("accepts %s", async (_name, scheme, signPath) => {
    const res = await signed(sandbox, "GET", "/api/v1/cards?onlyActive=true", { scheme, signPath })
    expect(res.status).toBe(200)
  })

  it("switches: hmacPathMode bare refuses a query-signed path", async () => {
    await sandbox.control.configure({ hmacPathMode: "bare" })
    const res = await signed(sandbox, "GET", "/api/v1/cards?onlyActive=true", {
      signPath: "/api/v1/cards?onlyActive=true",
    })
    expect(res.status).toBe(401)
  })

  // Offsets, not timestamps: the table is built when the file loads, the requests run later.
  it.each([
    ["a wrong key", { key: "wrong" }, 0, /Signature is not correct/],
    ["ts 301 s in the past", {}, -301, /outside the allowed window/],
    ["ts 301 s in the future", {}, 301, /outside the allowed window/],
    ["an unknown scheme", { scheme: "HMAC" }, 0, /scheme/],
  ])("answers 401 for %s", async (_name, opts, skew, message) => {
    const ts = Math.floor(Date.now() / 1000) + skew
    const res = await signed<{ code: string; message: string }>(sandbox, "GET", "/api/v1/cards", {
      ...opts,
      ts,
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe("Auth:SIGN_1001")
    expect(res.body.message).toMatch(message)
  })

  it("accepts ts 290 s off, measured against the sandbox clock", async () => {
    expect(
      (await signed(sandbox, "GET", "/api/v1/cards", { ts: Math.floor(Date.now() / 1000) - 290 }))
        .status,
    ).toBe(200)
    await sandbox.control.advanceClock(3_600_000)
    expect((await signed(sandbox, "GET", "/api/v1/cards")).status).toBe(401)
    expect(
      (await signed(sandbox, "GET", "/api/v1/cards", { ts: Math.floor(Date.now() / 1000) + 3600 }))
        .status,
    ).toBe(200)
  })

  it("answers 401 without Authorization and ignores merchant headers there", async () => {
    const res = await api(sandbox, "GET", "/api/v1/cards")
    expect(res.status).toBe(401)
  })

  it("creates a payout and debits amount + 1 % fee from RUB", async () => {
    const res = await payout(byNumber(1500), "key-1")
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      withdrawalRecordId: expect.any(String),
      status: "CREATED",
      cardMasked: "220000******0000",
      amountUsdtDebited: 16.38, // 1515 RUB / 92.5
    })
    const rub = (await sandbox.control.balances()).find((b) => b.currency === "RUB")!
    expect(rub.amount).toBe(100_000 - 1515)
  })

  it("the same key and body answer the same payout once; another body is a 409", async () => {
    const first = await payout(byNumber(1500), "key-2")
    const again = await payout(
      {
        currencyRequested: "RUB",
        payoutMethod: "CARD",
        amountRub: 1500,
        cardNumber: "2200000000000000",
      },
      "key-2",
    )
    expect(again.status).toBe(200)
    expect(again.body.withdrawalRecordId).toBe(first.body.withdrawalRecordId)
    expect(again.headers.get("idempotent-replayed")).toBe("true")
    expect(await sandbox.control.payouts()).toHaveLength(1)
    const changed = await payout(byNumber(1600), "key-2")
    expect(changed.status).toBe(409)
    expect(changed.body.code).toBe("Payout:IDEMPOTENCY_CONFLICT")
    expect(await sandbox.control.payouts()).toHaveLength(1)
  })

  it("requires Idempotency-Key", async () => {
    const res = await payout(byNumber(1500))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: "Common:VAL_0001", data: [{ key: "Idempotency-Key" }] })
  })

  it.each([
    ["999 RUB", byNumber(999), "amountRub"],
    ["87501 RUB", byNumber(87_501), "amountRub"],
    [
      "both card fields",
      { ...byNumber(1500), cardId: "c0a80101-0000-4000-8000-000000000001" },
      "cardId",
    ],
    [
      "no card field",
      { amountRub: 1500, payoutMethod: "CARD", currencyRequested: "RUB" },
      "cardId",
    ],
    ["method SBP", { ...byNumber(1500), payoutMethod: "SBP" }, "payoutMethod"],
    ["currency USD", { ...byNumber(1500), currencyRequested: "USD" }, "currencyRequested"],
    ["a short card number", byNumber(1500, "2200"), "cardNumber"],
  ])("refuses %s", async (_name, body, key) => {
    const res = await payout(body, `k-${key}-${Math.random()}`)
    expect(res.status).toBe(400)
    expect((res.body.data as { key: string }[]).map((d) => d.key)).toContain(key)
  })

  it("pays to an ACTIVE saved card; refuses DISABLED and unknown cards", async () => {
    const ok = await payout(
      {
        cardId: "c0a80101-0000-4000-8000-000000000001",
        amountRub: 87_500,
        payoutMethod: "CARD",
        currencyRequested: "RUB",
      },
      "card-1",
    )
    expect(ok.body).toMatchObject({ status: "CREATED", cardMasked: "220070******4242" })
    const disabled = await payout(
      {
        cardId: "c0a80101-0000-4000-8000-000000000003",
        amountRub: 1000,
        payoutMethod: "CARD",
        currencyRequested: "RUB",
      },
      "card-3",
    )
    expect(disabled.status).toBe(400)
    const unknown = await payout(
      {
        cardId: "c0a80101-0000-4000-8000-00000000000f",
        amountRub: 1000,
        payoutMethod: "CARD",
        currencyRequested: "RUB",
      },
      "card-x",
    )
    expect(unknown.status).toBe(404)
  })

  it("refuses a payout the balance does not cover, and allows the same key after a top-up", async () => {
    await sandbox.control.setBalance("RUB", 1000)
    const res = await payout(byNumber(1000), "poor")
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("Balance:INSUFFICIENT_FUNDS")
    expect(String(res.body.message)).toMatch(/1010 RUB is needed.*1000 RUB is available/)
    await sandbox.control.setBalance("RUB", 1010)
    expect((await payout(byNumber(1000), "poor")).status).toBe(200)
    expect((await sandbox.control.balances()).find((b) => b.currency === "RUB")!.amount).toBe(0)
  })

  it("signs the exact bytes: a re-serialized body fails", async () => {
    const body = JSON.stringify(byNumber(1500))
    const authorization = pgHmacHeader({
      key: sandbox.payoutKey,
      merchantId: sandbox.merchantId,
      method: "POST",
      path: "/api/v1/payouts/card-rub",
      idempotencyKey: "bytes",
      body,
    })
    const res = await fetch(`${sandbox.url}/api/v1/payouts/card-rub`, {
      method: "POST",
      headers: {
        Authorization: authorization,
        "Idempotency-Key": "bytes",
        "Content-Type": "application/json",
      },
      body: JSON.stringify(byNumber(1500), null, 2),
    })
    expect(res.status).toBe(401)
  })
})
