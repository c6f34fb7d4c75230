import { inspect } from "node:util"
import { PlategaClient } from "../client"
import { PlategaError } from "../errors"
import type { PlategaClientOptions, PlategaLogger } from "../types"
import { FakeServer, type Reply, closedPort } from "./support/fake-server"
import {
  CARD_ID,
  MERCHANT_ID,
  PAYOUT_KEY,
  SECRET,
  TX_ID,
  createTransactionBody,
} from "./support/fixtures"

/**
 * Every error path, with a service that (worst case) echoes our credentials back: the merchant
 * secret, the payout key and the Authorization signature must occur nowhere in the error's
 * message, stack, JSON or inspect output, nor in any log line the client wrote.
 */

const CARD_NUMBER = "2200123456789012"

interface Case {
  name: string
  replies: Reply[]
  call: (c: PlategaClient) => Promise<unknown>
  kind: PlategaError["kind"]
  options?: Partial<PlategaClientOptions>
  closed?: boolean
}

const echo = `secret=${SECRET} key=${PAYOUT_KEY}`

const cases: Case[] = [
  {
    name: "401 (error body echoes the secret)",
    replies: [
      {
        status: 401,
        body: {
          code: "Auth:SIGN_1001",
          type: 4002,
          message: `Bad X-Secret ${SECRET}`,
          data: [],
          traceId: "t",
        },
      },
    ],
    call: (c) => c.getTransaction(TX_ID),
    kind: "http",
  },
  {
    name: "400 with field errors",
    replies: [
      {
        status: 400,
        body: {
          code: "Common:VAL_0001",
          type: 4001,
          message: "Validation",
          data: [{ key: "X-Secret", message: echo }],
          traceId: "t",
        },
      },
    ],
    call: (c) => c.createTransaction(createTransactionBody),
    kind: "http",
  },
  {
    name: "404",
    replies: [{ status: 404, body: { statusCode: 404, message: `not found for ${SECRET}` } }],
    call: (c) => c.getTransaction(TX_ID),
    kind: "http",
  },
  {
    name: "5xx after retries",
    replies: [{ status: 503, body: echo, headers: { "content-type": "text/plain" } }],
    call: (c) => c.getBalances(),
    kind: "http",
  },
  {
    name: "5xx on create (outcome unknown)",
    replies: [{ status: 500, body: { message: echo } }],
    call: (c) => c.createTransaction(createTransactionBody),
    kind: "outcome_unknown",
  },
  {
    name: "network error to a closed port",
    replies: [],
    call: (c) => c.getBalances(),
    kind: "network",
    closed: true,
  },
  {
    name: "timeout",
    replies: ["hang"],
    call: (c) => c.getTransaction(TX_ID),
    kind: "timeout",
  },
  {
    name: "timeout on create (outcome unknown)",
    replies: ["hang"],
    call: (c) => c.createTransaction(createTransactionBody),
    kind: "outcome_unknown",
  },
  {
    name: "socket closed on refund (outcome unknown)",
    replies: ["close"],
    call: (c) => c.cancelTransaction(TX_ID),
    kind: "outcome_unknown",
  },
  {
    name: "invalid response",
    replies: [
      { status: 200, body: { id: TX_ID, status: SECRET, paymentDetails: { amount: "x" } } },
    ],
    call: (c) => c.getTransaction(TX_ID),
    kind: "invalid_response",
  },
  {
    name: "text/plain error",
    replies: [
      { status: 400, body: `Cannot cancel. ${echo}`, headers: { "content-type": "text/plain" } },
    ],
    call: (c) => c.cancelTransaction(TX_ID),
    kind: "http",
  },
  {
    name: "signed call rejected",
    replies: [{ status: 401, body: { message: `bad signature, key ${PAYOUT_KEY}` } }],
    call: (c) => c.listCards({ onlyActive: true }),
    kind: "http",
  },
  {
    name: "payout 5xx after retries (card number in the request)",
    replies: [{ status: 502, body: { message: `payout to ${CARD_NUMBER} failed` } }],
    call: (c) =>
      c.createCardPayout({ cardNumber: CARD_NUMBER, amountRub: 1500, idempotencyKey: "k-1" }),
    kind: "http",
  },
  {
    name: "invalid payout request",
    replies: [],
    call: (c) =>
      c.createCardPayout({
        cardNumber: CARD_NUMBER,
        cardId: CARD_ID,
        amountRub: 1,
        idempotencyKey: "k",
      }),
    kind: "invalid_request",
  },
]

describe("secrets never leak", () => {
  let fake: FakeServer
  beforeAll(async () => {
    fake = await FakeServer.start()
  })
  afterAll(() => fake.stop())

  it.each(cases)("$name", async ({ replies, call, kind, closed }) => {
    const lines: string[] = []
    const sink =
      (level: string) =>
      (msg: string, meta?: object): void => {
        lines.push(`${level} ${msg} ${JSON.stringify(meta)} ${inspect(meta, { depth: 10 })}`)
      }
    const logger: PlategaLogger = {
      debug: sink("debug"),
      info: sink("info"),
      warn: sink("warn"),
      error: sink("error"),
    }
    fake.reply(...replies)
    const baseUrl = closed ? `http://127.0.0.1:${await closedPort()}` : fake.url
    const client = new PlategaClient({
      baseUrl,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
      timeoutMs: 150,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
      logger,
    })

    const error = await call(client).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PlategaError)
    const e = error as PlategaError
    expect(e.kind).toBe(kind)

    // Signatures actually sent on the wire are secrets too.
    const sigs = fake.seen
      .map((r) => /sig=(\S+)/.exec(r.headers.authorization ?? "")?.[1])
      .filter((s): s is string => !!s)
    const forbidden = [SECRET, PAYOUT_KEY, CARD_NUMBER, ...sigs]
    const surfaces = {
      message: e.message,
      stack: e.stack ?? "",
      json: JSON.stringify(e),
      inspect: inspect(e, { depth: 10, showHidden: true }),
      fields: JSON.stringify(e.fieldErrors),
      logs: lines.join("\n"),
    }
    for (const [surface, text] of Object.entries(surfaces)) {
      for (const secret of forbidden) {
        expect({ surface, leaked: text.includes(secret) }).toEqual({ surface, leaked: false })
      }
    }
    // The test is only meaningful if the client did log and the service did see our credentials.
    if (kind !== "invalid_request") expect(lines.length).toBeGreaterThan(0)
    if (!closed && replies.length > 0) {
      const sent = fake.seen.map(
        (r) => `${r.headers["x-secret"] ?? ""}${r.headers.authorization ?? ""}`,
      )
      expect(sent.join("").length).toBeGreaterThan(0)
    }
  })

  it("the raw AxiosError is never attached", async () => {
    fake.reply({ status: 500 })
    const client = new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      retry: { retries: 0 },
    })
    const e = (await client.getBalances().catch((x: unknown) => x)) as PlategaError
    expect(e.cause).toBeUndefined()
    expect(Object.keys(e).sort()).toEqual(
      [
        "attempts",
        "code",
        "endpoint",
        "fieldErrors",
        "httpStatus",
        "kind",
        "name",
        "retryAfterMs",
        "retryable",
        "traceId",
        "type",
      ].sort(),
    )
    expect(
      Object.values(e).some((v) => typeof v === "object" && v !== null && !Array.isArray(v)),
    ).toBe(false)
  })
})
