import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"
import { guestPayerId } from "../../src/modules/platega"
import { parsePlategaModuleOptions } from "../../src/modules/platega/plugin-options"
import { adminHeaders } from "../helpers/admin"
import { SBP, completeCart, createCart, startPayment } from "../helpers/checkout"
import {
  addItemByOrderEdit,
  orderLinks,
  placeOrder,
  sandboxTransactionCount,
} from "../helpers/payment-links"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { SUBSCRIPTION, setPlan } from "../helpers/subscriptions"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = useSandbox()

/** The test store's storefront (its storeCors); anything else is someone else's page. */
const STOREFRONT = "http://localhost:8000"
const EVIL = "https://evil.example.com/phish"

/** The limits on payment starts this store runs with: the module's defaults. */
const starts = parsePlategaModuleOptions({}).paymentStarts

/**
 * The store counts payment starts in fixed windows of `windowMinutes`, aligned to the clock: 30
 * clicks that cross into the next window would be counted afresh there. Waits, when less than
 * `needMs` of the window is left, until the next one begins.
 */
async function windowWithRoom(needMs: number) {
  const windowMs = starts.windowMinutes * 60_000
  const left = windowMs - (Date.now() % windowMs)
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 100))
}

/**
 * An attacker with only the publishable key, through the store API: each test is one attack, and
 * asserts that it is refused and that nothing reached Platega (the sandbox's own count).
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let admin: { headers: Record<string, string> }
    const any = () => ({ headers: store.headers, validateStatus: () => true })

    beforeAll(async () => {
      store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
    })

    beforeEach(async () => {
      await sandbox().control.reset()
      await sandbox().control.setCallbackUrl(callbackUrl(api))
    })

    /** POST …/payment-sessions as a storefront may call it, whatever it answers. */
    async function createSession(http: AxiosInstance, cartId: string, data: unknown) {
      const {
        data: { payment_collection },
      } = await http.post("/store/payment-collections", { cart_id: cartId }, any())
      const res = await http.post(
        `/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: SBP, data },
        any(),
      )
      return { res, collectionId: payment_collection.id as string }
    }

    /** An order that owes 500 ₽ more after an edit: its collection is paid through the pay route. */
    async function collectionOwing500(): Promise<string> {
      const orderId = await placeOrder(api, store, sandbox())
      await addItemByOrderEdit(api, admin, orderId, store.variantId, 500)
      const { outstanding } = await orderLinks(api, admin, orderId)
      return outstanding.payment_collection_id as string
    }

    it("a paid transaction's id in another cart's session data: 400 naming the field, no second order", async () => {
      const cartA = await createCart(api, store)
      const paid = await startPayment(api, store, cartA, SBP)
      await sandbox().control.confirm(paid.data.transaction_id)
      expect((await completeCart(api, store, cartA)).type).toBe("order")
      const before = await sandboxTransactionCount(sandbox())

      const cartB = await createCart(api, store)
      const forged = {
        transaction_id: paid.data.transaction_id,
        subscription_id: paid.data.transaction_id,
        link_of: "plink_x",
        renewal_of: "sub_x",
        amount: "1",
        redirect: EVIL,
        platega_status: "CONFIRMED",
      }
      for (const [field, value] of Object.entries(forged)) {
        const { res } = await createSession(api, cartB, { [field]: value })
        expect({ field, status: res.status }).toEqual({ field, status: 400 })
        expect(res.data.message).toContain(`data.${field}`)
      }
      expect((await completeCart(api, store, cartB)).type).toBe("cart")
      expect(await sandboxTransactionCount(sandbox())).toBe(before)
    })

    it("a return address off the storefront on a checkout session: 400, nothing at Platega", async () => {
      const cartId = await createCart(api, store)
      const foreign = [
        EVIL,
        "/return",
        "//evil.example.com/phish",
        "javascript:alert(1)",
        "https://localhost:8000/return",
        "http://localhost:8000.evil.example.com/return",
        "http://localhost:8000@evil.example.com/return",
        "http://localhost:8001/return",
      ]
      for (const url of foreign) {
        for (const field of ["return_url", "failed_url"]) {
          const data = { return_url: `${STOREFRONT}/return`, [field]: url }
          const { res } = await createSession(api, cartId, data)
          expect({ url, field, status: res.status }).toEqual({ url, field, status: 400 })
          expect(res.data.message).toContain(`data.${field}`)
        }
      }
      expect(await sandboxTransactionCount(sandbox())).toBe(0)
      // The storefront's own address still starts the payment.
      const { res } = await createSession(api, cartId, { return_url: `${STOREFRONT}/return` })
      expect(res.status).toBe(200)
      expect(await sandboxTransactionCount(sandbox())).toBe(1)
    })

    it("a return address off the storefront on the pay route: 400, nothing at Platega", async () => {
      const collectionId = await collectionOwing500()
      const before = await sandboxTransactionCount(sandbox())
      const path = `/store/platega/payment-collections/${collectionId}/pay`
      for (const body of [{ return_url: EVIL }, { failed_url: EVIL }]) {
        const res = await api.post(path, body, any())
        expect(res.status).toBe(400)
        expect(res.data.message).toContain(Object.keys(body)[0])
      }
      expect(await sandboxTransactionCount(sandbox())).toBe(before)
    })

    /** What the sandbox recorded for a transaction, read over its control API. */
    async function recordedAddresses(id: string) {
      const res = await fetch(`${sandbox().url}/_sandbox/transactions/${id}`)
      const tx = (await res.json()) as { returnUrl: string | null; failedUrl: string | null }
      return { returnUrl: tx.returnUrl, failedUrl: tx.failedUrl }
    }

    describe("return addresses are sent parsed and normalised, or refused", () => {
      it.each([
        [`${STOREFRONT}/r\r\nLocation: http://evil.example`, /control characters/],
        [`${STOREFRONT}\\@evil.example/`, /backslash/],
        [`${STOREFRONT}\\\\evil.example`, /backslash/],
        [`${STOREFRONT}#@evil.example`, /must not contain @/],
        [`${STOREFRONT}/{}@evil.example`, /must not contain @/],
      ])(
        "%j: 400 naming the field on a checkout session and on the pay route, nothing at Platega",
        async (url, why) => {
          const collectionId = await collectionOwing500()
          const cartId = await createCart(api, store)
          const before = await sandboxTransactionCount(sandbox())
          for (const field of ["return_url", "failed_url"]) {
            const data = { return_url: `${STOREFRONT}/return`, [field]: url }
            const { res } = await createSession(api, cartId, data)
            expect({ field, status: res.status }).toEqual({ field, status: 400 })
            expect(res.data.message).toContain(`data.${field} `)
            expect(res.data.message).toMatch(why)

            const pay = await api.post(
              `/store/platega/payment-collections/${collectionId}/pay`,
              { [field]: url },
              any(),
            )
            expect({ field, status: pay.status }).toEqual({ field, status: 400 })
            expect(pay.data.message).toContain(`${field} `)
            expect(pay.data.message).toMatch(why)
          }
          expect(await sandboxTransactionCount(sandbox())).toBe(before)
        },
      )

      it('"HTTP://LOCALHOST:8000/X" reaches Platega as http://localhost:8000/X, from a checkout session and from the pay route', async () => {
        const typed = "HTTP://LOCALHOST:8000/X"
        const cartId = await createCart(api, store)
        const { res } = await createSession(api, cartId, { return_url: typed, failed_url: typed })
        expect(res.status).toBe(200)
        const session = res.data.payment_collection.payment_sessions.find(
          (s: { provider_id: string }) => s.provider_id === SBP,
        )
        const normalised = { returnUrl: `${STOREFRONT}/X`, failedUrl: `${STOREFRONT}/X` }
        expect(await recordedAddresses(session.data.transaction_id)).toEqual(normalised)

        const pay = await api.post(
          `/store/platega/payment-collections/${await collectionOwing500()}/pay`,
          { return_url: typed, failed_url: typed },
          any(),
        )
        expect(pay.status).toBe(200)
        expect(await recordedAddresses(pay.data.transaction_id)).toEqual(normalised)
      })
    })

    it("a payment link made for one return address is not handed out for another", async () => {
      const collectionId = await collectionOwing500()
      const path = `/store/platega/payment-collections/${collectionId}/pay`
      const first = await api.post(path, { return_url: `${STOREFRONT}/a` }, any())
      expect(first.status).toBe(200)
      const again = await api.post(path, { return_url: `${STOREFRONT}/a` }, any())
      expect(again.data.transaction_id).toBe(first.data.transaction_id)
      const other = await api.post(path, { return_url: `${STOREFRONT}/b` }, any())
      expect(other.status).toBe(200)
      expect(other.data.transaction_id).not.toBe(first.data.transaction_id)
      const tx = await sandbox().control.getTransaction(other.data.transaction_id)
      expect(tx?.returnUrl).toBe(`${STOREFRONT}/b`)
    })

    type SessionsAnswer = {
      payment_collection?: {
        payment_sessions?: { provider_id: string; data: { transaction_id?: string } }[]
      }
    }
    /** The SBP session's transaction in an answer of the payment-sessions route. */
    const transactionOf = (res: { data: SessionsAnswer }) =>
      res.data.payment_collection?.payment_sessions?.find((s) => s.provider_id === SBP)?.data
        .transaction_id

    it("30 clicks on Pay on an unchanged cart: one Platega transaction, no 429", async () => {
      const cartId = await createCart(api, store)
      const statuses: number[] = []
      const ids = new Set<string | undefined>()
      for (let i = 0; i < 30; i++) {
        const { res } = await createSession(api, cartId, { pay: true })
        statuses.push(res.status)
        ids.add(transactionOf(res))
      }
      expect(statuses).toEqual(Array(30).fill(200))
      expect(ids.size).toBe(1)
      expect(await sandboxTransactionCount(sandbox())).toBe(1)
    })

    it("starts that each make a Platega transaction are still limited: 429 past the cart's limit", async () => {
      const cartId = await createCart(api, store)
      await windowWithRoom(90_000)
      const statuses: number[] = []
      for (let i = 0; i < starts.perCart + 3; i++) {
        // Another return address each time: a new start, not the same one answered again.
        const data = { return_url: `${STOREFRONT}/return?attempt=${i}` }
        statuses.push((await createSession(api, cartId, data)).res.status)
      }
      expect(statuses.slice(0, starts.perCart)).toEqual(Array(starts.perCart).fill(200))
      expect(statuses.slice(starts.perCart)).toEqual([429, 429, 429])
      expect(await sandboxTransactionCount(sandbox())).toBe(starts.perCart)
    })

    it("30 clicks on a collection's pay route: one payment link, no 429", async () => {
      const collectionId = await collectionOwing500()
      const before = await sandboxTransactionCount(sandbox())
      const path = `/store/platega/payment-collections/${collectionId}/pay`
      const statuses: number[] = []
      const ids = new Set<string>()
      for (let i = 0; i < 30; i++) {
        const res = await api.post(path, { return_url: `${STOREFRONT}/paid` }, any())
        statuses.push(res.status)
        ids.add(res.data.transaction_id)
      }
      expect(statuses).toEqual(Array(30).fill(200))
      expect(ids.size).toBe(1)
      expect(await sandboxTransactionCount(sandbox())).toBe(before + 1)
    })

    it("clicks on Pay at the same moment: one Platega transaction, each answered with it", async () => {
      const cartId = await createCart(api, store)
      // The collection first, as a storefront has it before the shopper clicks.
      await createSession(api, cartId, {})
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => createSession(api, cartId, { pay: true })),
      )
      expect(answers.map(({ res }) => res.status)).toEqual([200, 200, 200, 200, 200])
      const ids = new Set(
        answers.map(
          ({ res }) =>
            res.data.payment_collection.payment_sessions.find(
              (s: { provider_id: string }) => s.provider_id === SBP,
            ).data.transaction_id,
        ),
      )
      expect(ids.size).toBe(1)
      expect(await sandboxTransactionCount(sandbox())).toBe(1)
    })

    it("clicks on Pay for a subscription: one Platega subscription", async () => {
      const monthly = { interval: "month", interval_count: 1 }
      expect((await setPlan(api, admin, store.variantId, monthly)).status).toBe(200)
      try {
        const cartId = await createCart(api, store)
        const ids = new Set<string>()
        for (let i = 0; i < 5; i++) {
          const session = await startPayment(api, store, cartId, SUBSCRIPTION)
          ids.add((session.data as { subscription_id?: string }).subscription_id ?? "none")
        }
        expect([...ids]).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)])
      } finally {
        await setPlan(api, admin, store.variantId, null)
      }
    })

    it("the store's payment collection route shows no order id", async () => {
      const collectionId = await collectionOwing500()
      const res = await api.get(`/store/platega/payment-collections/${collectionId}`, any())
      expect(res.status).toBe(200)
      expect(res.data.payment_collection).not.toHaveProperty("order_id")
      expect(JSON.stringify(res.data)).not.toMatch(/order_[0-9A-Z]/)
    })

    it("a guest's payer id is not keyed by the cookie secret, and stays the same", async () => {
      const email = "guest-payer@example.com"
      const payerIds: string[] = []
      for (let i = 0; i < 2; i++) {
        const cartId = await createCart(api, store)
        await api.post(`/store/carts/${cartId}`, { email }, any())
        const session = await startPayment(api, store, cartId, SBP)
        const tx = await sandbox().control.getTransaction(session.data.transaction_id)
        payerIds.push(String(tx?.metadata?.userId))
      }
      const config = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE)
      const cookieSecret = String(config.projectConfig.http.cookieSecret)
      expect(payerIds[0]).toMatch(/^guest_[0-9a-f]{32}$/)
      expect(payerIds[1]).toBe(payerIds[0])
      expect(payerIds[0]).not.toBe(guestPayerId(email, cookieSecret))
      expect(payerIds[0]).not.toBe(guestPayerId(email, "supersecret"))
    })
  },
})
