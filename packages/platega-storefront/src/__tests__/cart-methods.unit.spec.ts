import { plategaProvidersForCart } from "../core/cart-methods.js"
import type { MedusaSdk } from "../core/medusa.js"

// What GET /store/payment-providers?region_id=… lists for a region the Russia script made.
const REGION = [
  { id: "pp_platega-card_platega" },
  { id: "pp_platega-sbp_platega" },
  { id: "pp_platega-subscription_platega" },
  { id: "pp_system_default" },
]

/** A store answering GET /store/platega/methods as the plugin does: the calls it got, kept. */
function store(hasPlan: (cartId: unknown) => boolean) {
  const calls: { url: string; query?: Record<string, unknown>; headers?: object }[] = []
  const sdk: MedusaSdk = {
    client: {
      fetch: async <T>(
        url: string,
        init?: { query?: Record<string, unknown>; headers?: Record<string, string> },
      ) => {
        calls.push({ url, query: init?.query, headers: init?.headers })
        const all = REGION.slice(0, 3).map((p) => ({ provider_id: p.id }))
        return {
          methods: hasPlan(init?.query?.cart_id)
            ? all
            : all.filter((m) => !m.provider_id.includes("subscription")),
        } as T
      },
    },
  }
  return { sdk, calls }
}

describe("the methods a checkout offers a cart", () => {
  it("leaves the subscription out for a cart without a plan, asking the store about that cart", async () => {
    const { sdk, calls } = store((id) => id === "cart_plan")
    const plain = await plategaProvidersForCart({
      sdk,
      cart: { id: "cart_plain" },
      providers: REGION,
    })
    expect(plain.map((p) => p.id)).toEqual([
      "pp_platega-card_platega",
      "pp_platega-sbp_platega",
      "pp_system_default",
    ])
    expect(plain[0]).toBe(REGION[0])
    expect(calls).toEqual([
      { url: "/store/platega/methods", query: { cart_id: "cart_plain" }, headers: undefined },
    ])

    const headers = { authorization: "Bearer t" }
    const plan = await plategaProvidersForCart({
      sdk,
      cart: "cart_plan",
      providers: REGION,
      headers,
    })
    expect(plan).toEqual(REGION)
    expect(calls[1]).toEqual({
      url: "/store/platega/methods",
      query: { cart_id: "cart_plan" },
      headers,
    })
  })

  it("takes ids as well as Medusa's provider objects, and asks nothing without a subscription listed", async () => {
    const { sdk, calls } = store(() => false)
    const ids = REGION.map((p) => p.id)
    expect(await plategaProvidersForCart({ sdk, cart: "cart_1", providers: ids })).toEqual([
      "pp_platega-card_platega",
      "pp_platega-sbp_platega",
      "pp_system_default",
    ])
    const withoutSubscription = ["pp_platega-sbp_platega", "pp_system_default"]
    expect(
      await plategaProvidersForCart({ sdk, cart: "cart_1", providers: withoutSubscription }),
    ).toEqual(withoutSubscription)
    expect(calls).toHaveLength(1)
  })

  it("passes the store's error on rather than offering the subscription", async () => {
    const sdk: MedusaSdk = {
      client: {
        fetch: async () => {
          throw Object.assign(new Error("Cart with id: cart_gone was not found"), { status: 404 })
        },
      },
    }
    await expect(
      plategaProvidersForCart({ sdk, cart: "cart_gone", providers: REGION }),
    ).rejects.toThrow(/was not found/)
  })
})
