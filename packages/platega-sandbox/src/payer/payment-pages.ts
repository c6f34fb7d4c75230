import { formatAmount, html, page, raw, type SafeHtml } from "../shared/html"

// Payer pages of one-off payments: SBP QR, card form, other methods, and the method choice of a
// method-less (v2) link.

export interface PaymentPageModel {
  id: string
  /** absolute base of this payment's actions: `${publicUrl}/pay/${id}` */
  base: string
  amount: number
  currency: string
  description: string
  merchantName: string
  methodName: string
  expiresAt: string
}

export interface TestCard {
  number: string
  outcome: string
}

/** Test card numbers, shown on the card page and documented in README.md. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", outcome: "succeeds (CONFIRMED)" },
  { number: "2200000000000004", outcome: "succeeds (CONFIRMED, MIR)" },
  { number: "4000000000000002", outcome: "is declined (CANCELED: card declined)" },
  { number: "4000000000009995", outcome: "is declined (CANCELED: insufficient funds)" },
  {
    number: "4000000000000119",
    outcome: "fails with a processing error: the payment stays PENDING, try again",
  },
]

function summary(m: PaymentPageModel): SafeHtml {
  return html`<div class="card">
    <div class="muted">${m.merchantName}</div>
    <div class="amount" data-testid="amount">${formatAmount(m.amount, m.currency)}</div>
    <div data-testid="description">${m.description}</div>
    <div class="muted">
      Method: <span data-testid="method">${m.methodName}</span> · pay before
      <time data-testid="expires-at" datetime="${m.expiresAt}">${m.expiresAt}</time>
    </div>
  </div>`
}

function declineForm(m: PaymentPageModel): SafeHtml {
  return html`<form method="post" action="${m.base}/decline" style="display:inline">
    <button type="submit" data-testid="decline-button">Decline</button>
  </form>`
}

export function qrPage(m: PaymentPageModel, qrDataUrl: string, qrText: string): string {
  return page(
    "Pay by SBP",
    html`<h1>Pay by SBP</h1>
      ${summary(m)}
      <div class="card">
        <p>Scan the QR code with a banking app, or use the buttons to play the payer.</p>
        <img class="qr" data-testid="qr-image" alt="SBP QR code" src="${qrDataUrl}" />
        <p class="muted" data-testid="qr-content">${qrText}</p>
        <form method="post" action="${m.base}/confirm" style="display:inline">
          <button type="submit" class="primary" data-testid="pay-button">Pay</button>
        </form>
        ${declineForm(m)}
      </div>`,
  )
}

export function genericPage(m: PaymentPageModel): string {
  return page(
    `Pay by ${m.methodName}`,
    html`<h1>Pay by ${m.methodName}</h1>
      ${summary(m)}
      <div class="card">
        <form method="post" action="${m.base}/confirm" style="display:inline">
          <button type="submit" class="primary" data-testid="pay-button">Pay</button>
        </form>
        ${declineForm(m)}
      </div>`,
  )
}

export interface CardFormValues {
  cardNumber?: string
  expiry?: string
  holder?: string
}

export function cardPage(m: PaymentPageModel, error?: string, values: CardFormValues = {}): string {
  const rows = TEST_CARDS.map(
    (c) =>
      html`<tr>
        <td><code>${c.number}</code></td>
        <td>${c.outcome}</td>
      </tr>`,
  )
  return page(
    "Pay by card",
    html`<h1>Pay by card</h1>
      ${summary(m)}
      ${error ? html`<p class="error" role="alert" data-testid="error">${error}</p>` : raw("")}
      <div class="card">
        <form method="post" action="${m.base}/card">
          <label for="cardNumber">Card number</label>
          <input
            type="text"
            id="cardNumber"
            name="cardNumber"
            inputmode="numeric"
            autocomplete="cc-number"
            data-testid="card-number"
            value="${values.cardNumber ?? ""}"
            required
          />
          <label for="expiry">Expiry (MM/YY)</label>
          <input
            type="text"
            id="expiry"
            name="expiry"
            placeholder="12/34"
            autocomplete="cc-exp"
            data-testid="card-expiry"
            value="${values.expiry ?? "12/34"}"
            required
          />
          <label for="cvc">CVC</label>
          <input
            type="text"
            id="cvc"
            name="cvc"
            inputmode="numeric"
            autocomplete="cc-csc"
            data-testid="card-cvc"
            value="123"
            required
          />
          <label for="holder">Card holder</label>
          <input
            type="text"
            id="holder"
            name="holder"
            autocomplete="cc-name"
            data-testid="card-holder"
            value="${values.holder ?? "TEST PAYER"}"
          />
          <button type="submit" class="primary" data-testid="pay-button">
            Pay ${formatAmount(m.amount, m.currency)}
          </button>
        </form>
        ${declineForm(m)}
      </div>
      <div class="card">
        <p>
          <strong>Test cards</strong> (any future expiry, any CVC). Any other number that passes the
          Luhn check succeeds.
        </p>
        <table data-testid="test-cards">
          ${rows}
        </table>
      </div>`,
  )
}

export function methodChoicePage(m: PaymentPageModel): string {
  return page(
    "Choose a payment method",
    html`<h1>Choose a payment method</h1>
      ${summary(m)}
      <div class="card">
        <form method="post" action="${m.base}/method" style="display:inline">
          <input type="hidden" name="method" value="2" />
          <button type="submit" class="primary" data-testid="method-sbp">SBP (QR)</button>
        </form>
        <form method="post" action="${m.base}/method" style="display:inline">
          <input type="hidden" name="method" value="11" />
          <button type="submit" class="primary" data-testid="method-card">Bank card</button>
        </form>
        ${declineForm(m)}
      </div>`,
  )
}

export interface ResultModel {
  id: string
  status: string
  message: string
  continueUrl: string | null
}

export function resultPage(r: ResultModel, httpNote?: string): string {
  return page(
    `Payment ${r.status}`,
    html`<h1>Payment <span data-testid="status">${r.status}</span></h1>
      <div class="card">
        <p data-testid="message">${r.message}</p>
        ${httpNote ? html`<p class="muted">${httpNote}</p>` : raw("")}
        <p class="muted">Reference: <code data-testid="reference">${r.id}</code></p>
        ${r.continueUrl ? html`<p><a href="${r.continueUrl}" data-testid="continue-link">Back to the shop</a></p>` : raw("")}
      </div>`,
  )
}

export function notFoundPage(id: string): string {
  return page(
    "Not found",
    html`<h1>Payment not found</h1>
      <p data-testid="message">There is no payment or subscription ${id}.</p>`,
  )
}
