import type { BalanceView } from "../balances/state"
import type { SandboxConversion } from "../conversions/views"
import type { RateRow } from "../rates/engine"
import { schedule } from "../payer/i18n"
import type { CallbackLogEntry } from "../shared/callbacks"
import { LOCAL_TIME_SCRIPT, fill, html, page, raw, type Lang, type SafeHtml } from "../shared/html"
import type { SandboxSubscription } from "../subscriptions/types"
import type { SandboxTransaction } from "../transactions/types"
import { dashboardTexts, type DashboardTexts } from "./i18n"

// The merchant dashboard at /, like the one Platega gives its merchants: recent transactions and
// subscriptions with buttons for what the real dashboard (and a tester) does, and the callbacks sent
// with the merchant's answers. Buttons are plain forms: it works without scripts.

interface DashboardModel {
  lang: Lang
  langLinks: Record<Lang, string>
  /** `?lang=xx` when chosen explicitly, kept by the forms */
  langQuery: string
  merchantName: string
  merchantId: string
  callbackUrl: string | null
  now: number
  balances: BalanceView[]
  transactions: SandboxTransaction[]
  transactionTotal: number
  subscriptions: SandboxSubscription[]
  rates: RateRow[]
  ratesUpdatedAt: number
  /** newest first */
  conversions: SandboxConversion[]
  conversionTotal: number
  callbacks: CallbackLogEntry[]
  callbackTotal: number
  /** show only the callbacks about this id */
  subject: string | null
  notice: { ok: boolean; text: string } | null
}

const localTime = (iso: string | null) =>
  iso
    ? html`<time data-local datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>`
    : raw("—")

const badge = (status: string) =>
  html`<span class="badge ${status}" data-status="${status}">${status}</span>`

function button(
  m: DashboardModel,
  path: string,
  label: string,
  testid: string,
  primary = false,
): SafeHtml {
  return html`<form method="post" action="/dashboard/${path}${m.langQuery}" style="display:inline">
    <button type="submit" class="small ${primary ? "primary" : ""}" data-testid="${testid}">
      ${label}
    </button>
  </form>`
}

function transactionRow(m: DashboardModel, t: DashboardTexts, tx: SandboxTransaction): SafeHtml {
  const id = tx.id
  const actions: SafeHtml[] = []
  if (tx.status === "PENDING") {
    actions.push(button(m, `transactions/${id}/confirm`, t.confirm, "tx-confirm", true))
    actions.push(button(m, `transactions/${id}/decline`, t.decline, "tx-decline"))
  }
  if (tx.status === "CONFIRMED" && tx.refundStatus !== "MANUAL_CONTROL") {
    actions.push(button(m, `transactions/${id}/refund`, t.refund, "tx-refund"))
  }
  if (tx.status !== "PENDING")
    actions.push(button(m, `transactions/${id}/callback`, t.resend, "tx-callback"))
  if (tx.status === "PENDING" && tx.link) {
    actions.push(
      html`<a class="muted" href="/pay/${id}${m.langQuery}" data-testid="tx-pay-page"
        >${t.payerPage}</a
      >`,
    )
  }
  return html`<tr data-testid="tx-row" data-id="${id}">
    <td>${localTime(tx.createdAt)}</td>
    <td><code title="${id}">${id.slice(0, 8)}…</code></td>
    <td>
      ${tx.description}${tx.link ? html`<div class="muted" data-testid="tx-link">${t.paymentLink}</div>` : raw("")}
    </td>
    <td>${tx.amount.toFixed(2)} ${tx.currency}</td>
    <td>${tx.paymentMethodName ?? (tx.link ? t.payerPicks : "—")}</td>
    <td>
      ${badge(tx.status)}
      ${tx.refundStatus ? html`<div class="muted">${tx.refundStatus}</div>` : raw("")}
      ${tx.declineReason ? html`<div class="muted">${tx.declineReason}</div>` : raw("")}
    </td>
    <td>
      ${actions}
      <a class="muted" href="/?subject=${id}${m.langQuery.replace("?", "&")}#callbacks"
        >${t.showCallbacks}</a
      >
    </td>
  </tr>`
}

function subscriptionRow(m: DashboardModel, t: DashboardTexts, s: SandboxSubscription): SafeHtml {
  const id = s.id
  const actions: SafeHtml[] = []
  if (s.status === "Active")
    actions.push(button(m, `subscriptions/${id}/charge`, t.chargeNow, "sub-charge", true))
  if (s.status === "Active" || s.status === "PastDue") {
    actions.push(button(m, `subscriptions/${id}/cancel`, t.cancel, "sub-cancel"))
  }
  if (s.status !== "PendingAgreement") {
    actions.push(button(m, `subscriptions/${id}/callback`, t.resend, "sub-callback"))
  }
  return html`<tr data-testid="sub-row" data-id="${id}">
    <td>${localTime(s.createdAt)}</td>
    <td><code title="${id}">${id.slice(0, 8)}…</code></td>
    <td>
      ${s.description}${s.customerEmail ? html`<div class="muted">${s.customerEmail}</div>` : raw("")}
    </td>
    <td>${s.amount.toFixed(2)} ${s.currency}</td>
    <td>${schedule(m.lang, s.intervalCount, s.intervalUnit)}</td>
    <td>
      ${badge(s.status)}${s.cancelledBy ? html`<div class="muted">${s.cancelledBy}</div>` : raw("")}
    </td>
    <td>${localTime(s.nextChargeAt)}</td>
    <td>${s.chargesSuccess} / ${s.chargesFailed}</td>
    <td>
      ${actions}
      <a class="muted" href="/?subject=${id}${m.langQuery.replace("?", "&")}#callbacks"
        >${t.showCallbacks}</a
      >
      ${
        s.status === "Active" || s.status === "PastDue"
          ? html`<a class="muted" href="${s.payerCancelUrl}">${t.payerCancelLink}</a>`
          : raw("")
      }
    </td>
  </tr>`
}

function callbackRow(e: CallbackLogEntry): SafeHtml {
  const answer = e.error ?? e.response ?? ""
  return html`<tr data-testid="callback-row" data-subject="${e.subjectId}">
    <td>${localTime(e.at)}</td>
    <td>${e.kind}</td>
    <td><code title="${e.subjectId}">${e.subjectId.slice(0, 8)}${e.subjectId ? "…" : ""}</code></td>
    <td>${e.attempt}${e.duplicate ? " (dup)" : ""}${e.reordered ? " (late)" : ""}</td>
    <td>${badge(e.outcome)}</td>
    <td data-testid="callback-http-status">${e.status ?? "—"}</td>
    <td><code>${answer.slice(0, 200)}</code></td>
    <td>
      <details>
        <summary>JSON</summary>
        <pre>${e.body}</pre>
      </details>
    </td>
  </tr>`
}

/** Methods down, currencies across: what GET /rates/payment_method_rate answers for each pair with USDT. */
function ratesTable(m: DashboardModel, t: DashboardTexts): SafeHtml {
  const currencies = [...new Set(m.rates.map((r) => r.currency))]
  const methods = [...new Map(m.rates.map((r) => [r.method, r.methodName])).entries()]
  const cell = (method: number, currency: string) => {
    const r = m.rates.find((x) => x.method === method && x.currency === currency)
    return r ? `${r.rate}${r.own ? " *" : ""}` : "—"
  }
  return table(
    [t.method, ...currencies.map((c) => `${c} / USDT`)],
    methods.map(
      ([method, name]) =>
        html`<tr data-testid="rate-row" data-method="${method}">
          <td>${method} ${name}</td>
          ${currencies.map((c) => html`<td data-currency="${c}">${cell(method, c)}</td>`)}
        </tr>`,
    ),
    t.none,
  )
}

function conversionForm(m: DashboardModel, t: DashboardTexts): SafeHtml {
  const options = (selected: string) =>
    m.balances.map(
      (b) =>
        html`<option value="${b.currency}" ${raw(b.currency === selected ? "selected" : "")}>
          ${b.currency}
        </option>`,
    )
  return html`<form method="post" action="/dashboard/conversions${m.langQuery}" class="card">
    <input
      name="amount"
      type="number"
      min="0.01"
      step="0.01"
      required
      data-testid="convert-amount"
      aria-label="${t.amount}"
    />
    <select name="currency" data-testid="convert-currency" aria-label="${t.currency}">
      ${options("RUB")}
    </select>
    ${t.convertTo}
    <select name="toCurrency" data-testid="convert-to" aria-label="${t.convertTo}">
      ${options("USDT")}
    </select>
    <button type="submit" class="small primary" data-testid="convert-button">${t.convert}</button>
  </form>`
}

function conversionRow(c: SandboxConversion): SafeHtml {
  return html`<tr data-testid="conversion-row" data-id="${c.id}">
    <td>${localTime(c.createdAt)}</td>
    <td>${c.id}</td>
    <td>${c.amount.toFixed(2)} ${c.currency}</td>
    <td>${c.convertedAmount.toFixed(2)} ${c.convertedCurrency}</td>
    <td>${c.rate}</td>
    <td>${badge(c.status)}</td>
  </tr>`
}

function table(headers: string[], rows: SafeHtml[], none: string): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">${none}</p>`
  return html`<table>
    <thead>
      <tr>
        ${headers.map((h) => html`<th>${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`
}

export function dashboardPage(m: DashboardModel): string {
  const t = dashboardTexts(m.lang)
  const nowIso = new Date(m.now).toISOString()
  const body = html`<h1>${t.title}</h1>
    <div class="card">
      <div><strong>${t.merchant}:</strong> ${m.merchantName} · <code>${m.merchantId}</code></div>
      <div>
        <strong>${t.callbackUrl}:</strong>
        <code data-testid="callback-url">${m.callbackUrl ?? t.notSet}</code>
      </div>
      <div><strong>${t.clock}:</strong> ${localTime(nowIso)}</div>
    </div>
    ${
      m.notice
        ? html`<p class="${m.notice.ok ? "ok" : "error"}" role="status" data-testid="notice">
            ${m.notice.text}
          </p>`
        : raw("")
    }
    <h2>${t.balances}</h2>
    ${table(
      [t.currency, t.available, t.frozen],
      m.balances.map(
        (b) =>
          html`<tr data-testid="balance-row">
            <td>${b.currency}</td>
            <td>${b.amount.toFixed(2)}</td>
            <td>${b.frozenBalance.toFixed(2)}</td>
          </tr>`,
      ),
      t.none,
    )}
    <h2 id="transactions">${t.transactions}</h2>
    <p class="muted">${fill(t.shown, { n: m.transactions.length, total: m.transactionTotal })}</p>
    ${table(
      [t.created, t.id, t.description, t.amount, t.method, t.status, t.actions],
      m.transactions.map((tx) => transactionRow(m, t, tx)),
      t.none,
    )}
    <h2 id="subscriptions">${t.subscriptions}</h2>
    ${table(
      [
        t.created,
        t.id,
        t.description,
        t.amount,
        t.schedule,
        t.status,
        t.nextCharge,
        t.charges,
        t.actions,
      ],
      m.subscriptions.map((s) => subscriptionRow(m, t, s)),
      t.none,
    )}
    <h2 id="rates">${t.rates}</h2>
    <p class="muted">
      ${t.ratesNote} <strong>${t.ratesUpdated}:</strong>
      ${localTime(new Date(m.ratesUpdatedAt).toISOString())}
    </p>
    ${ratesTable(m, t)}
    <h2 id="conversions">${t.conversions}</h2>
    <p class="muted">${t.conversionsNote}</p>
    ${conversionForm(m, t)}
    <p class="muted">${fill(t.shown, { n: m.conversions.length, total: m.conversionTotal })}</p>
    ${table(
      [t.created, t.id, t.converted, t.into, t.rate, t.status],
      m.conversions.map(conversionRow),
      t.none,
    )}
    <h2 id="callbacks">${m.subject ? fill(t.callbacksFor, { id: m.subject }) : t.callbacks}</h2>
    <p class="muted">
      ${fill(t.shown, { n: m.callbacks.length, total: m.callbackTotal })}
      ${m.subject ? html`<a href="/${m.langQuery}#callbacks">${t.allCallbacks}</a>` : raw("")}
    </p>
    ${table(
      [t.time, t.kind, t.subject, t.attempt, t.outcome, "HTTP", t.answer, t.body],
      m.callbacks.map(callbackRow),
      t.none,
    )}
    <script>
      ${raw(LOCAL_TIME_SCRIPT)}
    </script>`
  return page(`${t.title} · Platega sandbox`, body, {
    lang: m.lang,
    banner: t.banner,
    langLinks: m.langLinks,
    wide: true,
  })
}
