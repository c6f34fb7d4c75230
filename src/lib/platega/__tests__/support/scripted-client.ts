import { PlategaClient } from "../../client"
import type { PlategaClientOptions } from "../../types"
import { FakeServer } from "./fake-server"
import { MERCHANT_ID, PAYOUT_KEY, SECRET } from "./fixtures"

export interface Scripted {
  fake: FakeServer
  /** A client of `fake` with quick retries, made anew for each test. */
  client: PlategaClient
  /** Another client of `fake`, with some options changed. */
  make(extra?: Partial<PlategaClientOptions>): PlategaClient
}

/**
 * A scripted server for the enclosing describe block (started before its tests, stopped after
 * them) and a client of it: `use` receives them before each test.
 */
export function useScriptedClient(use: (scripted: Scripted) => void): void {
  let fake: FakeServer
  const make = (extra: Partial<PlategaClientOptions> = {}) =>
    new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
      timeoutMs: 2_000,
      retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
      ...extra,
    })
  beforeAll(async () => {
    fake = await FakeServer.start()
  })
  beforeEach(() => use({ fake, client: make(), make }))
  afterAll(() => fake.stop())
}
