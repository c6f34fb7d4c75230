import { formatAmount, html, page } from "./html"

// The subscription agreement page: the payer binds an account (or declines) within the bind window.

export interface SubscriptionPageModel {
  id: string
  base: string
  amount: number
  currency: string
  description: string
  merchantName: string
  /** "every 1 Month" */
  schedule: string
  bindDeadline: string
}

export function subscriptionPage(m: SubscriptionPageModel): string {
  return page(
    "Set up a subscription",
    html`<h1>Set up a subscription</h1>
      <div class="card">
        <div class="muted">${m.merchantName}</div>
        <div class="amount" data-testid="amount">${formatAmount(m.amount, m.currency)}</div>
        <div data-testid="schedule">${m.schedule}</div>
        <div data-testid="description">${m.description}</div>
        <div class="muted">
          Bind before
          <time data-testid="bind-deadline" datetime="${m.bindDeadline}">${m.bindDeadline}</time>.
          The first charge is made at once.
        </div>
      </div>
      <div class="card">
        <form method="post" action="${m.base}/bind">
          <label for="email">E-mail for receipts</label>
          <input
            type="email"
            id="email"
            name="email"
            value="payer@example.com"
            data-testid="email-input"
          />
          <label
            ><input type="checkbox" name="failRenewals" value="1" data-testid="fail-renewals" />
            Simulate insufficient funds on renewals (the first charge succeeds, later ones
            fail)</label
          >
          <button type="submit" class="primary" data-testid="bind-button">Bind account</button>
        </form>
        <form method="post" action="${m.base}/decline">
          <button type="submit" data-testid="decline-button">Decline</button>
        </form>
      </div>`,
  )
}

/** The page behind the cancel link of Platega's e-mails: the payer stops paying, no login. */
export function unsubscribePage(m: {
  base: string
  description: string
  schedule: string
}): string {
  return page(
    "Stop the subscription",
    html`<h1>Stop the subscription</h1>
      <div class="card">
        <div data-testid="description">${m.description}</div>
        <div data-testid="schedule">${m.schedule}</div>
        <p class="muted">No further charges will be made. Charges already made are not returned.</p>
      </div>
      <div class="card">
        <form method="post" action="${m.base}/unsubscribe">
          <button type="submit" class="primary" data-testid="unsubscribe-button">
            Stop the subscription
          </button>
        </form>
      </div>`,
  )
}
