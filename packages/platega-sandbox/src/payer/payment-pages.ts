import { html, raw, type SafeHtml } from "../shared/html"
import { fill, formatMoney, texts } from "./i18n"
import {
  deadline,
  payerPage,
  paymentLines,
  timeIsUpNote,
  type PayerPageContext,
  type PaymentFacts,
} from "./layout"

// Payer pages of one-off payments: SBP QR, card form, other methods, the method choice of a
// method-less (v2) link, and the result.

export interface PaymentPageModel extends PayerPageContext, PaymentFacts {
  id: string
  /** absolute base of this payment's actions: `${publicUrl}/pay/${id}` */
  base: string
  methodName: string | null
  /** the deadline on the sandbox clock (epoch ms) */
  expiresAt: number
  /** real milliseconds until then (the sandbox clock may run faster) */
  remainingMs: number
}

interface TestCard {
  number: string
  outcome: "cardOk" | "cardOkMir" | "cardDeclined" | "cardNoFunds" | "cardProcessing"
}

/** Test card numbers, shown on the card page and documented in README.md. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", outcome: "cardOk" },
  { number: "2200000000000004", outcome: "cardOkMir" },
  { number: "4000000000000002", outcome: "cardDeclined" },
  { number: "4000000000009995", outcome: "cardNoFunds" },
  { number: "4000000000000119", outcome: "cardProcessing" },
]

function summary(m: PaymentPageModel): SafeHtml {
  const t = texts(m.lang)
  return html`<div class="card">
    ${paymentLines(m)}
    <div class="muted">
      ${t.method}: <span data-testid="method">${m.methodName ?? t.anyMethod}</span>
    </div>
    <div class="muted">${deadline(m, t.payBefore, m.expiresAt, m.remainingMs, "expires-at")}</div>
    ${timeIsUpNote(m)}
  </div>`
}

/** A payment's page: its title, what is being paid, then `body`. */
function paymentPage(m: PaymentPageModel, title: string, body: SafeHtml): string {
  return payerPage(
    m,
    title,
    html`<h1>${title}</h1>
      ${summary(m)} ${body}`,
  )
}

const action = (m: PaymentPageModel, path: string) => `${m.base}/${path}${m.langQuery}`

function declineForm(m: PaymentPageModel): SafeHtml {
  return html`<form method="post" action="${action(m, "decline")}" style="display:inline">
    <button type="submit" data-pay-action data-testid="decline-button">
      ${texts(m.lang).decline}
    </button>
  </form>`
}

function payForm(m: PaymentPageModel): SafeHtml {
  return html`<form method="post" action="${action(m, "confirm")}" style="display:inline">
    <button type="submit" class="primary" data-pay-action data-testid="pay-button">
      ${texts(m.lang).pay}
    </button>
  </form>`
}

export function qrPage(m: PaymentPageModel, qrDataUrl: string, qrText: string): string {
  const t = texts(m.lang)
  return paymentPage(
    m,
    t.payBySbp,
    html` <div class="card">
      <p>${t.scanQr}</p>
      <img class="qr" data-testid="qr-image" alt="${t.qrAlt}" src="${qrDataUrl}" />
      <p class="muted" style="word-break:break-all" data-testid="qr-content">${qrText}</p>
      ${payForm(m)} ${declineForm(m)}
    </div>`,
  )
}

export function genericPage(m: PaymentPageModel): string {
  const title = fill(texts(m.lang).payBy, { method: m.methodName ?? "" })
  return paymentPage(m, title, html`<div class="card">${payForm(m)} ${declineForm(m)}</div>`)
}

export interface CardFormValues {
  cardNumber?: string
  expiry?: string
  holder?: string
}

/** A labelled text field of the card form; the attributes are the browser's autofill hints. */
function cardInput(
  label: string,
  name: string,
  value: string,
  attributes: Record<string, string>,
  required = true,
): SafeHtml {
  const extra = Object.entries(attributes).map(([k, v]) => html` ${raw(k)}="${v}"`)
  return html`<label for="${name}">${label}</label>
    <input
      type="text"
      id="${name}"
      name="${name}"
      value="${value}"
      ${extra}${raw(required ? " required" : "")}
    />`
}

export function cardPage(m: PaymentPageModel, error?: string, values: CardFormValues = {}): string {
  const t = texts(m.lang)
  const rows = TEST_CARDS.map(
    (c) =>
      html`<tr>
        <td><code>${c.number}</code></td>
        <td>${t[c.outcome]}</td>
      </tr>`,
  )
  return paymentPage(
    m,
    t.payByCard,
    html` ${error ? html`<p class="error" role="alert" data-testid="error">${error}</p>` : raw("")}
      <div class="card">
        <form method="post" action="${action(m, "card")}">
          ${cardInput(t.cardNumber, "cardNumber", values.cardNumber ?? "", {
            inputmode: "numeric",
            autocomplete: "cc-number",
            "data-testid": "card-number",
          })}
          ${cardInput(t.expiry, "expiry", values.expiry ?? "12/34", {
            placeholder: "12/34",
            autocomplete: "cc-exp",
            "data-testid": "card-expiry",
          })}
          ${cardInput(t.cvc, "cvc", "123", {
            inputmode: "numeric",
            autocomplete: "cc-csc",
            "data-testid": "card-cvc",
          })}
          ${cardInput(
            t.holder,
            "holder",
            values.holder ?? "TEST PAYER",
            { autocomplete: "cc-name", "data-testid": "card-holder" },
            false,
          )}
          <button type="submit" class="primary" data-testid="pay-button" data-pay-action>
            ${fill(t.payAmount, { amount: formatMoney(m.lang, m.amount, m.currency) })}
          </button>
        </form>
        ${declineForm(m)}
      </div>
      <div class="card">
        <p><strong>${t.testCards}</strong> ${t.testCardsNote}</p>
        <table data-testid="test-cards">
          ${rows}
        </table>
      </div>`,
  )
}

export function methodChoicePage(m: PaymentPageModel): string {
  const t = texts(m.lang)
  return paymentPage(
    m,
    t.chooseMethod,
    html` <div class="card">
      ${[[2, "method-sbp", t.sbpOption] as const, [11, "method-card", t.cardOption] as const].map(
        ([code, testid, label]) =>
          html`<form method="post" action="${action(m, "method")}" style="display:inline">
            <input type="hidden" name="method" value="${code}" />
            <button type="submit" class="primary" data-testid="${testid}" data-pay-action>
              ${label}
            </button>
          </form>`,
      )}
      ${declineForm(m)}
    </div>`,
  )
}

interface ResultModel extends PayerPageContext {
  id: string
  /** the raw status (CONFIRMED, Active…) */
  status: string
  message: string
  /** why it failed, in the payer's language, when the sandbox knows */
  reason?: string | null
  description?: string
  continueUrl: string | null
}

export function resultPage(r: ResultModel): string {
  const t = texts(r.lang)
  const title = t.state[r.status] ?? r.status
  const bad = ["CANCELED", "Failed", "PastDue"].includes(r.status)
  return payerPage(
    r,
    title,
    html`<h1 data-testid="result-title">${title}</h1>
      <div class="card">
        ${r.description ? html`<p class="description">${r.description}</p>` : raw("")}
        <p data-testid="message">${r.message}</p>
        ${
          r.reason
            ? html`<p class="${bad ? "error" : "ok"}" data-testid="decline-reason">
                <strong>${t.reason}:</strong> ${r.reason}
              </p>`
            : raw("")
        }
        <p class="muted">${t.status}: <code data-testid="status">${r.status}</code></p>
        <p class="muted">${t.reference}: <code data-testid="reference">${r.id}</code></p>
        ${
          r.continueUrl
            ? html`<p>
                <a href="${r.continueUrl}" data-testid="continue-link">${t.backToShop}</a>
              </p>`
            : raw("")
        }
      </div>`,
  )
}

export function notFoundPage(c: PayerPageContext, id: string): string {
  const t = texts(c.lang)
  return payerPage(
    c,
    t.notFound,
    html`<h1>${t.notFound}</h1>
      <p data-testid="message">${fill(t.notFoundText, { id })}</p>`,
  )
}
