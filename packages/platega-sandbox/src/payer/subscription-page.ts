import { html, raw } from "../shared/html"
import { fill, texts, utcText } from "./i18n"
import {
  deadline,
  payerPage,
  paymentLines,
  timeIsUpNote,
  type PayerPageContext,
  type PaymentFacts,
} from "./layout"

// The subscription agreement page (the payer binds an account, or declines, within the bind
// window), and the cancel page behind the link in Platega's e-mails.

interface SubscriptionPageModel extends PayerPageContext, PaymentFacts {
  id: string
  base: string
  /** "every 1 Month" / "каждый месяц" */
  schedule: string
  /** sandbox-clock epoch ms */
  bindDeadline: number
  remainingMs: number
}

export function subscriptionPage(m: SubscriptionPageModel): string {
  const t = texts(m.lang)
  return payerPage(
    m,
    t.subscriptionSetup,
    html`<h1>${t.subscriptionSetup}</h1>
      <div class="card">
        ${paymentLines(m, m.schedule)}
        <div class="muted">
          ${deadline(m, t.bindBefore, m.bindDeadline, m.remainingMs, "bind-deadline")}.
          ${t.firstChargeNow}
        </div>
        ${timeIsUpNote(m)}
      </div>
      <div class="card">
        <form method="post" action="${m.base}/bind${m.langQuery}">
          <label for="email">${t.email}</label>
          <input
            type="email"
            id="email"
            name="email"
            value="payer@example.com"
            data-testid="email-input"
          />
          <label
            ><input type="checkbox" name="failRenewals" value="1" data-testid="fail-renewals" />
            ${t.failRenewals}</label
          >
          <button type="submit" class="primary" data-pay-action data-testid="bind-button">
            ${t.bind}
          </button>
        </form>
        <form method="post" action="${m.base}/decline${m.langQuery}">
          <button type="submit" data-pay-action data-testid="decline-button">${t.decline}</button>
        </form>
      </div>`,
  )
}

export interface CancelPageModel extends PayerPageContext, PaymentFacts {
  id: string
  /** where the form posts: the same cancel link */
  action: string
  status: string
  schedule: string
  nextChargeAt: number | null
  /** set after the payer cancelled (or when it cannot be cancelled) */
  outcome?: { ok: boolean; message: string }
}

export function cancelPage(m: CancelPageModel): string {
  const t = texts(m.lang)
  const cancellable = !m.outcome && (m.status === "Active" || m.status === "PastDue")
  return payerPage(
    m,
    t.cancelTitle,
    html`<h1>${t.cancelTitle}</h1>
      <div class="card">
        ${paymentLines(m, m.schedule)}
        <p class="muted">
          ${t.status}: <code data-testid="status">${m.status}</code> (${t.state[m.status] ?? ""})
        </p>
        ${
          m.nextChargeAt !== null
            ? html`<p class="muted">
                ${t.nextCharge}:
                <time data-local datetime="${new Date(m.nextChargeAt).toISOString()}"
                  >${utcText(m.nextChargeAt)}</time
                >
              </p>`
            : raw("")
        }
      </div>
      ${
        m.outcome
          ? html`<p class="${m.outcome.ok ? "ok" : "error"}" data-testid="message">
              ${m.outcome.message}
            </p>`
          : raw("")
      }
      ${
        cancellable
          ? html`<div class="card">
              <p>${t.cancelText}</p>
              <form method="post" action="${m.action}">
                <button type="submit" class="primary" data-testid="cancel-subscription-button">
                  ${t.cancelButton}
                </button>
              </form>
            </div>`
          : !m.outcome
            ? html`<p class="error" data-testid="message">
                ${fill(t.cannotCancel, { status: m.status })}
              </p>`
            : raw("")
      }`,
  )
}
