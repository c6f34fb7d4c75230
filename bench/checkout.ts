import { SBP, completeCart, createCart, startPayment } from "../integration-tests/helpers/checkout"
import { SYSTEM_PROVIDER } from "./support/seed-store"
import type { Stack } from "./support/stack"
import { figures, round, runLoad, type Figures } from "./support/stats"

/**
 * Complete checkouts in one store, through Platega and through Medusa's system provider.
 *
 * Platega: cart → payment session (a transaction at the sandbox) → paid at the sandbox, which sends
 * its callback → the shopper's return completes the cart → order; the checkout counts as done
 * once the order is there AND the callback has been processed (the store's work is over).
 * System: the same cart → a pp_system_default session → cart completion → order.
 */

export type CheckoutFigures = Figures & {
  /** CPU the Medusa process used per checkout, ms */
  medusaCpuMs: number
}

export interface CheckoutPair {
  concurrency: number
  platega: CheckoutFigures
  system: CheckoutFigures
  /** Platega checkouts/s ÷ system checkouts/s (goal ≥ 0.9) */
  ratio: number
}

export interface CheckoutBenchOptions {
  /** checkouts per provider per concurrency level (default 10) */
  checkouts?: number
  concurrencies?: number[]
  say?: (m: string) => void
  /** names the profiles written when the stack profiles (BENCH_PROFILE=1) */
  label?: string
}

/** Unmeasured checkouts a side before the measured rounds (see benchCheckout). */
const WARM_UP = 6

export async function plategaCheckout(
  stack: Stack,
): Promise<{ cartId: string; orderId: string; transactionId: string }> {
  const { api, store, sandbox } = stack
  const cartId = await createCart(api, store)
  const session = await startPayment(api, store, cartId, SBP)
  const tx = session.data.transaction_id
  await sandbox.control("POST", `/transactions/${tx}/confirm`)
  const done = await completeCart(api, store, cartId)
  if (done.type !== "order")
    throw new Error(`Platega checkout ended without an order: ${JSON.stringify(done)}`)
  await stack.processedCallbacks.wait(tx)
  return { cartId, orderId: done.order.id, transactionId: tx }
}

export async function systemCheckout(stack: Stack): Promise<void> {
  const { api, store } = stack
  const cartId = await createCart(api, store)
  await startPayment(api, store, cartId, SYSTEM_PROVIDER)
  const done = await completeCart(api, store, cartId)
  if (done.type !== "order")
    throw new Error(`system checkout ended without an order: ${JSON.stringify(done)}`)
}

export async function benchCheckout(
  stack: Stack,
  options: CheckoutBenchOptions = {},
): Promise<CheckoutPair[]> {
  const n = options.checkouts ?? 10
  const say = options.say ?? (() => {})
  const sides = {
    platega: () => plategaCheckout(stack).then(() => undefined),
    system: () => systemCheckout(stack),
  }
  // Warm-up: first requests load code paths and fill caches on both sides, and V8 optimises
  // Medusa's code over the checkouts after them. After 2 a side, the first measured round (Platega
  // first in it) still cost a fifth to a half more of Medusa's CPU than the later rounds, both sides.
  for (let i = 0; i < WARM_UP; i++) {
    await sides[i % 2 === 0 ? "platega" : "system"]()
    await sides[i % 2 === 0 ? "system" : "platega"]()
  }
  const pairs: CheckoutPair[] = []
  for (const concurrency of options.concurrencies ?? [1, 4]) {
    const lat = { platega: [] as number[], system: [] as number[] }
    const wall = { platega: 0, system: 0 }
    const cpu = { platega: 0, system: 0 }
    // Alternate the sides in small rounds, so a busy moment on the machine hurts both alike. The
    // rounds are even in number and share the checkouts out evenly: each side goes first in half
    // of them (a round's first checkouts cost more than its second side's: measured apart, the
    // first cart after a pause about 60 ms more, whichever side it was).
    const rounds = 2 * Math.ceil(Math.max(2, Math.ceil(n / Math.max(concurrency, 2))) / 2)
    for (let r = 0; r < rounds; r++) {
      const order =
        r % 2 === 0 ? (["platega", "system"] as const) : (["system", "platega"] as const)
      const size = Math.floor(n / rounds) + (r < n % rounds ? 1 : 0)
      if (size <= 0) continue
      for (const side of order) {
        const cpuBefore = stack.medusa.cpuMs()
        const run = await runLoad(size, concurrency, sides[side])
        cpu[side] += stack.medusa.cpuMs() - cpuBefore
        lat[side].push(...run.latenciesMs)
        wall[side] += run.wallMs
      }
    }
    const platega = {
      ...figures(lat.platega, wall.platega),
      medusaCpuMs: round(cpu.platega / n, 0),
    }
    const system = { ...figures(lat.system, wall.system), medusaCpuMs: round(cpu.system / n, 0) }
    pairs.push({
      concurrency,
      platega,
      system,
      ratio: round(platega.perSecond / system.perSecond, 2),
    })
    say(
      `  concurrency ${concurrency}: Platega ${platega.perSecond}/s, system ${system.perSecond}/s`,
    )
  }
  // Profiles (BENCH_PROFILE=1) come from extra sequential runs, outside the measured ones.
  for (const side of ["platega", "system"] as const) {
    await stack.medusa
      .profile(`${options.label ?? "checkout"}-${side}`, async () => {
        for (let i = 0; i < Math.ceil(n / 2); i++) await sides[side]()
      })
      .catch((e: unknown) => say(`  profile: ${String(e)}`))
  }
  return pairs
}
