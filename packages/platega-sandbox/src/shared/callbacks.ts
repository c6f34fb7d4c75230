import http from "node:http"
import https from "node:https"
import type { SandboxClock, TimerHandle } from "./clock"
import type { FaultInjector } from "./faults"
import { iso } from "./timefmt"
import type { SandboxSettings } from "./settings"

export type CallbackKind = "transaction" | "subscription.charge" | "subscription.status" | "probe"

export type CallbackOutcome = "delivered" | "failed" | "dropped" | "skipped"

/** One attempt (or one decision not to attempt) to deliver a callback. */
export interface CallbackLogEntry {
  /** the same for every attempt of one callback (duplicates get their own id) */
  deliveryId: number
  /** 1 for the first attempt, up to 1 + callbackMaxRetries */
  attempt: number
  kind: CallbackKind
  /** transaction or subscription id the callback is about */
  subjectId: string
  url: string | null
  body: string
  /** sandbox clock time of the attempt (ISO) */
  at: string
  /** wall-clock time of the attempt (ISO) */
  realAt: string
  status: number | null
  /** the start of the merchant's answer body (at most 1,000 characters) */
  response: string | null
  error: string | null
  durationMs: number
  outcome: CallbackOutcome
  /** this delivery was added by the "duplicate" fault */
  duplicate: boolean
  /** this delivery was held back by the "reorder" fault */
  reordered: boolean
}

// Delivers callbacks the way the service does: POST to the one merchant URL with the merchant's own
// X-MerchantId / X-Secret, anything but 200 (or an error, or no answer in time) is retried up to
// `callbackMaxRetries` more times, `callbackRetryIntervalMs` apart on sandbox time; then it is lost.
// Every attempt is logged.

interface CallbackMessage {
  kind: CallbackKind
  subjectId: string
  body: string
}

interface Delivery {
  id: number
  message: CallbackMessage
  attempt: number
  duplicate: boolean
  reordered: boolean
  generation: number
}

/** A callback still to be (re)tried, as kept across a restart. */
interface PendingCallback {
  id: number
  message: CallbackMessage
  /** attempts already made */
  attempt: number
  duplicate: boolean
  reordered: boolean
  /** sandbox time of the next attempt */
  dueAt: number
}

export interface DispatcherSnapshot {
  nextId: number
  pending: PendingCallback[]
  log: CallbackLogEntry[]
}

const RESPONSE_LIMIT = 1_000
/** How much of the delivery log a snapshot keeps. */
const SNAPSHOT_LOG = 2_000

interface DispatcherDeps {
  clock: SandboxClock
  settings: SandboxSettings
  faults: FaultInjector
  merchantId: string
  secret: string
  callbackUrl: string | null
  warn: (message: string) => void
}

const LOG_LIMIT = 10_000
// A callback held back by the reorder fault goes out at the latest this long after it was due.
const REORDER_FLUSH_MS = 1_000

export class CallbackDispatcher {
  url: string | null
  private nextId = 1
  private generation = 0
  private entries: CallbackLogEntry[] = []
  private readonly inFlight = new Set<Promise<void>>()
  private readonly requests = new Set<http.ClientRequest>()
  private readonly retries = new Map<TimerHandle, { delivery: Delivery; dueAt: number }>()
  /** attempts whose answer is awaited */
  private readonly active = new Set<Delivery>()
  private held: { delivery: Delivery; timer: NodeJS.Timeout } | null = null
  /** told after every change worth keeping (persistence) */
  onChange: () => void = () => {}

  constructor(private readonly deps: DispatcherDeps) {
    this.url = deps.callbackUrl
  }

  send(message: CallbackMessage): void {
    const { faults } = this.deps
    const delivery = this.newDelivery(message, false)
    if (faults.dropCallback()) {
      delivery.attempt = 1
      this.record(delivery, this.url, "dropped", null, "dropped by fault injection", 0)
      return
    }
    const deliveries = [delivery]
    if (faults.duplicateCallback()) deliveries.push(this.newDelivery(message, true))
    for (const d of deliveries) {
      if (!this.held && faults.reorderCallback()) {
        d.reordered = true
        const timer = setTimeout(() => this.releaseHeld(), REORDER_FLUSH_MS)
        timer.unref()
        this.held = { delivery: d, timer }
        continue
      }
      const first = this.attempt(d)
      // A held callback goes out only once a later one has been answered: it arrives out of order.
      if (this.held && this.held.delivery !== d) void first.then(() => this.releaseHeld())
    }
  }

  /** The dashboard's probe: POST {} that must be answered 200. Returns the status or throws. */
  async probe(url: string): Promise<number> {
    const delivery = this.newDelivery({ kind: "probe", subjectId: "", body: "{}" }, false)
    delivery.attempt = 1
    const started = Date.now()
    try {
      const { status, body } = await this.post(url, "{}")
      const outcome = status === 200 ? "delivered" : "failed"
      this.record(delivery, url, outcome, status, null, Date.now() - started, body)
      return status
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      this.record(delivery, url, "failed", null, error, Date.now() - started)
      throw err
    }
  }

  log(): CallbackLogEntry[] {
    return this.entries.map((e) => ({ ...e }))
  }

  clearLog(): void {
    this.entries = []
  }

  async waitIdle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.inFlight.size > 0 || this.held) {
      if (Date.now() > deadline) throw new Error(`callbacks still in flight after ${timeoutMs} ms`)
      if (this.inFlight.size > 0) {
        await Promise.race([
          Promise.allSettled([...this.inFlight]),
          new Promise((r) => setTimeout(r, 50).unref()),
        ])
      } else {
        await new Promise((r) => setTimeout(r, 20).unref())
      }
    }
  }

  /** Forgets queued retries and aborts attempts in flight (reset and stop). */
  reset(): void {
    this.generation++
    for (const r of this.retries.keys()) r.cancel()
    this.retries.clear()
    this.active.clear()
    for (const req of this.requests) req.destroy(new Error("sandbox reset"))
    this.requests.clear()
    if (this.held) clearTimeout(this.held.timer)
    this.held = null
    this.entries = []
  }

  private newDelivery(message: CallbackMessage, duplicate: boolean): Delivery {
    return {
      id: this.nextId++,
      message,
      attempt: 0,
      duplicate,
      reordered: false,
      generation: this.generation,
    }
  }

  private releaseHeld(): void {
    const held = this.held
    if (!held) return
    clearTimeout(held.timer)
    this.held = null
    void this.attempt(held.delivery)
  }

  private attempt(d: Delivery): Promise<void> {
    this.active.add(d)
    const run = this.runAttempt(d)
    this.inFlight.add(run)
    void run.finally(() => {
      this.inFlight.delete(run)
      this.active.delete(d)
      this.onChange()
    })
    return run
  }

  /** Retries, attempts in flight and a held callback, as data (a restart sends them again). */
  snapshot(): DispatcherSnapshot {
    const now = this.deps.clock.now()
    const pending = (d: Delivery, attempt: number, dueAt: number): PendingCallback => ({
      id: d.id,
      message: d.message,
      attempt,
      duplicate: d.duplicate,
      reordered: d.reordered,
      dueAt,
    })
    return {
      nextId: this.nextId,
      pending: [
        ...[...this.retries.values()].map((r) => pending(r.delivery, r.delivery.attempt, r.dueAt)),
        // An attempt without an answer yet is made again after a restart.
        ...[...this.active].map((d) => pending(d, d.attempt - 1, now)),
        ...(this.held ? [pending(this.held.delivery, this.held.delivery.attempt, now)] : []),
      ],
      log: this.entries.slice(-SNAPSHOT_LOG),
    }
  }

  restore(s: DispatcherSnapshot): void {
    this.nextId = Math.max(this.nextId, s.nextId)
    this.entries = s.log.map((e) => ({ ...e, response: e.response ?? null }))
    const { clock } = this.deps
    for (const p of s.pending) {
      const d: Delivery = {
        id: p.id,
        message: p.message,
        attempt: p.attempt,
        duplicate: p.duplicate,
        reordered: p.reordered,
        generation: this.generation,
      }
      this.scheduleAttempt(d, Math.max(p.dueAt, clock.now()))
    }
  }

  private scheduleAttempt(d: Delivery, dueAt: number): void {
    const handle = this.deps.clock.schedule(dueAt, () => {
      this.retries.delete(handle)
      void this.attempt(d)
    })
    this.retries.set(handle, { delivery: d, dueAt })
  }

  private async runAttempt(d: Delivery): Promise<void> {
    d.attempt++
    const url = this.url
    if (!url) {
      this.record(d, null, "skipped", null, "no callback URL is set", 0)
      return
    }
    const started = Date.now()
    let status: number | null = null
    let response: string | null = null
    let error: string | null = null
    try {
      ;({ status, body: response } = await this.post(url, d.message.body, this.signs(d.message)))
    } catch (err) {
      error = err instanceof Error ? err.message : String(err)
    }
    if (d.generation !== this.generation) return
    const ok = status === 200
    this.record(d, url, ok ? "delivered" : "failed", status, error, Date.now() - started, response)
    if (ok) return
    const { settings, clock } = this.deps
    const problem = error ?? `HTTP ${status}`
    if (d.attempt > settings.callbackMaxRetries) {
      this.deps.warn(
        `callback ${d.message.kind} ${d.message.subjectId} lost after ${d.attempt} attempts: ${problem}`,
      )
      return
    }
    this.scheduleAttempt(d, clock.now() + settings.callbackRetryIntervalMs)
  }

  /** Whether a callback carries the merchant headers (a charge may go without, see settings). */
  private signs(message: CallbackMessage): boolean {
    return !(
      message.kind === "subscription.charge" && this.deps.settings.chargeCallbacksWithoutHeaders
    )
  }

  private post(
    url: string,
    body: string,
    withHeaders = true,
  ): Promise<{ status: number; body: string }> {
    const { merchantId, secret, settings } = this.deps
    const target = new URL(url)
    const transport = target.protocol === "https:" ? https : http
    return new Promise((resolve, reject) => {
      // No keep-alive: every attempt is a fresh connection, like a job that fires and forgets.
      const req = transport.request(
        target,
        {
          method: "POST",
          agent: false,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            ...(withHeaders ? { "X-MerchantId": merchantId, "X-Secret": secret } : {}),
            "User-Agent": "Platega-Sandbox",
          },
        },
        (res) => {
          // Only the start of the answer is kept (shown in the log); the rest is drained.
          let answer = ""
          res.setEncoding("utf8")
          res.on("data", (chunk: string) => {
            if (answer.length < RESPONSE_LIMIT)
              answer += chunk.slice(0, RESPONSE_LIMIT - answer.length)
          })
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: answer }))
          res.on("error", reject)
        },
      )
      this.requests.add(req)
      req.setTimeout(settings.callbackTimeoutMs, () => {
        req.destroy(new Error(`no answer within ${settings.callbackTimeoutMs} ms`))
      })
      req.on("error", reject)
      req.on("close", () => this.requests.delete(req))
      req.end(body)
    })
  }

  private record(
    d: Delivery,
    url: string | null,
    outcome: CallbackOutcome,
    status: number | null,
    error: string | null,
    durationMs: number,
    response: string | null = null,
  ): void {
    this.entries.push({
      deliveryId: d.id,
      attempt: d.attempt,
      kind: d.message.kind,
      subjectId: d.message.subjectId,
      url,
      body: d.message.body,
      at: iso(this.deps.clock.now()),
      realAt: new Date().toISOString(),
      status,
      response,
      error,
      durationMs,
      outcome,
      duplicate: d.duplicate,
      reordered: d.reordered,
    })
    if (this.entries.length > LOG_LIMIT) this.entries.splice(0, this.entries.length - LOG_LIMIT)
    this.onChange()
  }
}
