import type { SandboxContext } from "../context"
import { seedTransactions } from "./seed"
import {
  confirmPayment,
  declinePayment,
  requireTransaction,
  sendTransactionCallback,
} from "../transactions/engine"
import { approveRefund, chargeback, rejectRefund } from "../refunds/engine"
import {
  bindSubscription,
  cancelSubscription,
  charge,
  chargeCallbackBody,
  declineSubscription,
  payerCancelSubscription,
  requireSubscription,
  sendStatusCallback,
} from "../subscriptions/engine"
import { convert } from "../conversions/engine"
import { conversionView } from "../conversions/views"
import { rateTable } from "../rates/engine"
import { ControlError } from "../shared/errors"
import { applySettingsPatch, createSettings } from "../shared/settings"
import { subscriptionView } from "../subscriptions/views"
import { TX_FLAG } from "../transactions/state"
import type { SandboxControl } from "./types"
import type { SandboxSettings } from "../shared/settings"

// The in-process control API; routes/control.ts exposes the same operations over HTTP.

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return u.protocol === "http:" || u.protocol === "https:"
  } catch {
    return false
  }
}

export function createControl(ctx: SandboxContext): SandboxControl {
  // What reset() returns to.
  const initialSettings: SandboxSettings = JSON.parse(
    JSON.stringify(ctx.settings),
  ) as SandboxSettings
  const initialCallbackUrl = ctx.callbacks.url
  const initialTimeScale = ctx.clock.timeScale

  const tx = (id: string) => ctx.txs.view(requireTransaction(ctx, id))
  const sub = (id: string) => requireSubscription(ctx, id)

  const control: SandboxControl = {
    async confirm(id) {
      confirmPayment(ctx, requireTransaction(ctx, id), 2)
      return tx(id)
    },
    async decline(id) {
      declinePayment(ctx, requireTransaction(ctx, id), "control")
      return tx(id)
    },
    async chargeback(id) {
      chargeback(ctx, requireTransaction(ctx, id))
      return tx(id)
    },
    async approveRefund(id) {
      approveRefund(ctx, requireTransaction(ctx, id))
      return tx(id)
    },
    async rejectRefund(id) {
      rejectRefund(ctx, requireTransaction(ctx, id))
      return tx(id)
    },
    async fireCallback(id) {
      const i = ctx.txs.indexOf(id)
      if (i >= 0) {
        const subscriptionId = ctx.txs.extras.get(i)?.subscriptionId
        if (ctx.txs.flags[i] & TX_FLAG.SUBSCRIPTION_CHARGE && subscriptionId) {
          const record = sub(subscriptionId)
          ctx.callbacks.send({
            kind: "subscription.charge",
            subjectId: record.id,
            body: chargeCallbackBody(ctx, record, i),
          })
        } else {
          sendTransactionCallback(ctx, i)
        }
        return
      }
      const record = ctx.subs.get(id)
      if (!record) throw new ControlError(404, `no transaction or subscription ${id}`)
      if (record.status === "PendingAgreement") {
        throw new ControlError(
          409,
          `subscription ${id} is PendingAgreement: there is no status callback for it`,
        )
      }
      sendStatusCallback(ctx, record)
    },
    async advanceClock(ms) {
      try {
        return ctx.clock.advance(ms)
      } catch (err) {
        throw new ControlError(400, err instanceof Error ? err.message : String(err))
      }
    },
    async now() {
      return ctx.clock.now()
    },
    async setTimeScale(timeScale) {
      if (!(typeof timeScale === "number" && timeScale > 0 && Number.isFinite(timeScale))) {
        throw new ControlError(400, `timeScale must be a number > 0, got ${String(timeScale)}`)
      }
      ctx.clock.setTimeScale(timeScale)
    },
    seedTransactions: (n, opts) => seedTransactions(ctx, n, opts),
    async callbackLog() {
      return ctx.callbacks.log()
    },
    async clearCallbackLog() {
      ctx.callbacks.clearLog()
    },
    waitForCallbacks: (timeoutMs) => ctx.callbacks.waitIdle(timeoutMs),
    async setFaults(faults) {
      try {
        return ctx.faults.set(faults)
      } catch (err) {
        throw new ControlError(
          400,
          `bad faults: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    },
    async getFaults() {
      return ctx.faults.get()
    },
    async setCallbackUrl(url, opts = {}) {
      if (url !== null && !isHttpUrl(url))
        throw new ControlError(400, `callback URL must be http(s), got ${url}`)
      if (url !== null && opts.probe) {
        let status: number
        try {
          status = await ctx.callbacks.probe(url)
        } catch (err) {
          throw new ControlError(
            400,
            `probe POST {} to ${url} failed: ${err instanceof Error ? err.message : String(err)}`,
          )
        }
        if (status !== 200)
          throw new ControlError(400, `probe POST {} to ${url} answered ${status}, expected 200`)
      }
      ctx.callbacks.url = url
    },
    async getTransaction(id) {
      const i = ctx.txs.indexOf(id)
      return i < 0 ? undefined : ctx.txs.view(i)
    },
    async getSubscription(id) {
      const record = ctx.subs.get(id)
      return record ? subscriptionView(ctx, record) : undefined
    },
    async bindSubscription(id, opts = {}) {
      const record = sub(id)
      bindSubscription(ctx, record, { email: opts.email ?? "payer@example.com" })
      return subscriptionView(ctx, record)
    },
    async declineSubscription(id) {
      const record = sub(id)
      declineSubscription(ctx, record)
      return subscriptionView(ctx, record)
    },
    async chargeSubscription(id, outcome) {
      const record = sub(id)
      charge(ctx, record, outcome)
      return subscriptionView(ctx, record)
    },
    async failNextCharges(id, count) {
      if (!Number.isInteger(count) || count < 0)
        throw new ControlError(400, "count must be an integer >= 0")
      const record = sub(id)
      record.failNextCharges = count
      return subscriptionView(ctx, record)
    },
    async cancelSubscription(id) {
      const record = sub(id)
      cancelSubscription(ctx, record)
      return subscriptionView(ctx, record)
    },
    async payerCancelSubscription(id) {
      const record = sub(id)
      payerCancelSubscription(ctx, record)
      return subscriptionView(ctx, record)
    },
    async balances() {
      return ctx.ledger.views()
    },
    async setBalance(currency, amount) {
      if (!/^[A-Z]{3,4}$/.test(currency)) throw new ControlError(400, `bad currency ${currency}`)
      if (!Number.isFinite(amount)) throw new ControlError(400, "amount must be a number")
      ctx.ledger.set(currency, amount)
      return ctx.ledger.views()
    },
    async payouts() {
      return ctx.payouts.list()
    },
    async cards() {
      return ctx.cards.list(false)
    },
    async convert(input) {
      return conversionView(convert(ctx, input))
    },
    async conversions() {
      return ctx.conversions.all().map(conversionView)
    },
    async rates() {
      return rateTable(ctx)
    },
    async settings() {
      return JSON.parse(JSON.stringify(ctx.settings)) as SandboxSettings
    },
    async configure(patch) {
      try {
        applySettingsPatch(ctx.settings, patch)
        if (patch && ("usdtRates" in patch || "methodRates" in patch)) {
          ctx.ratesUpdatedAt = ctx.clock.now()
        }
      } catch (err) {
        throw new ControlError(
          400,
          `bad settings: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
      return control.settings()
    },
    async reset() {
      ctx.clock.resetTo(initialTimeScale)
      ctx.callbacks.reset()
      ctx.subs.clear()
      ctx.txs.clear()
      ctx.payouts.clear()
      ctx.conversions.clear()
      ctx.files.clear()
      ctx.faults.clear()
      ctx.cards.reset()
      Object.assign(
        ctx.settings,
        createSettings(JSON.parse(JSON.stringify(initialSettings)) as SandboxSettings),
      )
      ctx.ledger.reset(ctx.settings.openingBalances)
      ctx.ratesUpdatedAt = ctx.clock.now()
      ctx.callbacks.url = initialCallbackUrl
    },
  }
  return control
}
