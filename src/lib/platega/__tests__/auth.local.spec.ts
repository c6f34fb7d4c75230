import { createHash, createHmac } from "node:crypto"
import {
  bodySha256Hex,
  hmacAuthorization,
  hmacSignature,
  hmacStringToSign,
  merchantHeaders,
} from "../auth"
import { PlategaClient } from "../client"
import { FakeServer } from "./support/fake-server"
import { CARD_ID, MERCHANT_ID, PAYOUT_KEY, SECRET } from "./support/fixtures"

// Conformance vectors from platega-facts.md
const KEY = "test-secret"
const TS = 1719403200
const PAYOUT_BODY =
  '{"cardNumber":"2200000000000000","amountRub":1500,"payoutMethod":"CARD","currencyRequested":"RUB"}'

describe("PG-HMAC signer", () => {
  it("vector 1: GET /api/v1/cards, no body", () => {
    expect(hmacSignature(KEY, { method: "GET", path: "/api/v1/cards", ts: TS })).toBe(
      "JkLnWze7MAmjSuZoIOZdk5myWz0PRsoSDWvqo8XPplE=",
    )
  })

  it("vector 2: POST /api/v1/payouts/card-rub with idempotency key and body", () => {
    const input = {
      method: "POST",
      path: "/api/v1/payouts/card-rub",
      ts: String(TS),
      idempotencyKey: "00000000-0000-0000-0000-446655440000",
      body: PAYOUT_BODY,
    }
    expect(hmacSignature(KEY, input)).toBe("/qdKmh0of0UUey8//EiJ8a/n9l9miIhvm9pVfYZ/2G0=")
    // The same bytes as a Buffer sign the same.
    expect(hmacSignature(KEY, { ...input, body: Buffer.from(PAYOUT_BODY) })).toBe(
      "/qdKmh0of0UUey8//EiJ8a/n9l9miIhvm9pVfYZ/2G0=",
    )
  })

  it("string to sign: METHOD, PATH, ts, key, sha256(body) joined by \\n", () => {
    const s = hmacStringToSign({ method: "get", path: "/api/v1/cards", ts: TS })
    expect(s).toBe(
      `GET\n/api/v1/cards\n${TS}\n\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`,
    )
    expect(bodySha256Hex("")).toBe(createHash("sha256").update("").digest("hex"))
  })

  it("signs UTF-8 bytes (a non-ASCII body changes the hash as bytes, not UTF-16 units)", () => {
    const body = '{"label":"Карта"}'
    expect(bodySha256Hex(body)).toBe(
      createHash("sha256").update(Buffer.from(body, "utf8")).digest("hex"),
    )
  })

  it.each(["PG-HMAC", "PAY-HMAC"])("Authorization header carries the scheme word %s", (scheme) => {
    const header = hmacAuthorization({
      scheme,
      merchantId: MERCHANT_ID,
      key: KEY,
      method: "GET",
      path: "/api/v1/cards",
      ts: TS,
    })
    expect(header).toBe(
      `${scheme} kid=${MERCHANT_ID}, ts=${TS}, sig=JkLnWze7MAmjSuZoIOZdk5myWz0PRsoSDWvqo8XPplE=`,
    )
  })

  it("merchant headers", () => {
    expect(merchantHeaders(MERCHANT_ID, SECRET)).toEqual({
      "X-MerchantId": MERCHANT_ID,
      "X-Secret": SECRET,
    })
  })
})

describe("signed requests on the wire", () => {
  let fake: FakeServer
  beforeAll(async () => {
    fake = await FakeServer.start()
  })
  afterAll(() => fake.stop())

  function parseAuth(header: string | undefined) {
    const m = /^(\S+) kid=([^,]+), ts=(\d+), sig=(\S+)$/.exec(header ?? "")
    if (!m) throw new Error(`bad Authorization header: ${header}`)
    return { scheme: m[1], kid: m[2], ts: Number(m[3]), sig: m[4] }
  }

  function expectedSig(method: string, path: string, ts: number, key = "", body = "") {
    const sts = [
      method,
      path,
      String(ts),
      key,
      createHash("sha256").update(body).digest("hex"),
    ].join("\n")
    return createHmac("sha256", PAYOUT_KEY).update(sts).digest("base64")
  }

  const card = {
    cardId: CARD_ID,
    masked: "2200 **** **** 0000",
    last4: "0000",
    brand: "MIR",
    label: "",
    status: "ACTIVE",
  }

  it.each([
    [false, "/api/v1/cards"],
    [true, "/api/v1/cards?onlyActive=true"],
  ])("signPathWithQuery=%s signs %s", async (signPathWithQuery, signedPath) => {
    fake.reply({ status: 200, body: [card] })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
      signPathWithQuery,
    })
    const before = Math.floor(Date.now() / 1000)
    const cards = await client.listCards({ onlyActive: true })
    expect(cards[0].cardId).toBe(CARD_ID)
    const req = fake.seen[0]
    expect(req.url).toBe("/api/v1/cards?onlyActive=true")
    const auth = parseAuth(req.headers.authorization)
    expect(auth.scheme).toBe("PG-HMAC")
    expect(auth.kid).toBe(MERCHANT_ID)
    expect(Math.abs(auth.ts - before)).toBeLessThanOrEqual(2)
    expect(auth.sig).toBe(expectedSig("GET", signedPath, auth.ts))
    // The merchant secret is not sent on signed calls.
    expect(req.headers["x-secret"]).toBeUndefined()
  })

  it("uses the configured scheme word (PAY-HMAC)", async () => {
    fake.reply({ status: 200, body: [] })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
      hmacScheme: "PAY-HMAC",
    })
    await client.listCards()
    expect(fake.seen[0].url).toBe("/api/v1/cards")
    expect(parseAuth(fake.seen[0].headers.authorization).scheme).toBe("PAY-HMAC")
  })

  it("payout: sends exactly the hashed bytes, with Idempotency-Key", async () => {
    fake.reply({
      status: 200,
      body: {
        withdrawalRecordId: "w-1",
        status: "CREATED",
        cardMasked: "2200********0000",
        amountUsdtDebited: 15.7,
      },
    })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
    })
    const key = "00000000-0000-0000-0000-446655440000"
    const res = await client.createCardPayout({
      cardNumber: "2200000000000000",
      amountRub: 1500,
      idempotencyKey: key,
    })
    expect(res).toMatchObject({ withdrawalRecordId: "w-1", status: "CREATED" })
    const req = fake.seen[0]
    expect(req.method).toBe("POST")
    expect(req.url).toBe("/api/v1/payouts/card-rub")
    expect(req.body.toString("utf8")).toBe(PAYOUT_BODY)
    expect(req.headers["content-type"]).toBe("application/json")
    expect(req.headers["idempotency-key"]).toBe(key)
    const auth = parseAuth(req.headers.authorization)
    expect(auth.sig).toBe(
      expectedSig("POST", "/api/v1/payouts/card-rub", auth.ts, key, req.body.toString("utf8")),
    )
  })

  it("payout by cardId sends cardId and no cardNumber", async () => {
    fake.reply({ status: 200, body: { withdrawalRecordId: "w-2", status: "CREATED" } })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
    })
    await client.createCardPayout({ cardId: CARD_ID, amountRub: 1000.5, idempotencyKey: "k-1" })
    expect(JSON.parse(fake.seen[0].body.toString())).toEqual({
      cardId: CARD_ID,
      amountRub: 1000.5,
      payoutMethod: "CARD",
      currencyRequested: "RUB",
    })
  })

  it("a signed call without payoutKey fails before any request", async () => {
    fake.reply({ status: 200, body: [] })
    const client = new PlategaClient({ baseUrl: fake.url, merchantId: MERCHANT_ID, secret: SECRET })
    await expect(client.listCards()).rejects.toMatchObject({
      kind: "config",
      message: expect.stringContaining("payoutKey"),
    })
    await expect(
      client.createCardPayout({ cardId: CARD_ID, amountRub: 1500, idempotencyKey: "k" }),
    ).rejects.toMatchObject({ kind: "config" })
    expect(fake.seen).toHaveLength(0)
  })

  it.each([
    [{ amountRub: 999.99, cardId: CARD_ID }, "amountRub"],
    [{ amountRub: 87500.01, cardId: CARD_ID }, "amountRub"],
    [{ amountRub: 1500 }, "cardId"],
    [{ amountRub: 1500, cardId: CARD_ID, cardNumber: "2200000000000000" }, "cardId"],
    [{ amountRub: 1500, cardNumber: "22000000" }, "cardNumber"],
    [{ amountRub: 1500.123, cardId: CARD_ID }, "amountRub"],
  ])("payout %j is refused before sending (%s)", async (input, key) => {
    fake.reply({ status: 200, body: {} })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
    })
    const err = await client.createCardPayout({ ...input, idempotencyKey: "k" }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toMatchObject({ kind: "invalid_request" })
    expect((err as { fieldErrors: { key: string }[] }).fieldErrors.map((f) => f.key)).toContain(key)
    expect(fake.seen).toHaveLength(0)
  })
})
