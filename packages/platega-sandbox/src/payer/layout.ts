import { LOCAL_TIME_SCRIPT, html, page, raw, type Lang, type SafeHtml } from "../shared/html"
import { formatMoney, texts, utcText } from "./i18n"

// The frame of every payer page: language, the sandbox notice, language links, and the small
// script that shows deadlines in the payer's own time zone and counts down to them.

export interface PayerPageContext {
  lang: Lang
  /** this page's links in each language */
  langLinks: Record<Lang, string>
  /** "?lang=xx" when the payer chose a language explicitly, so forms keep it; otherwise "" */
  langQuery: string
}

/** What every payer page says about the money asked for. */
export interface PaymentFacts {
  amount: number
  currency: string
  description: string
  merchantName: string
}

/** The merchant, the amount, the schedule of a subscription, and what it is for. */
export function paymentLines(c: PayerPageContext & PaymentFacts, schedule?: string): SafeHtml {
  return html`<div class="muted">${c.merchantName}</div>
    <div class="amount" data-testid="amount">${formatMoney(c.lang, c.amount, c.currency)}</div>
    ${schedule === undefined ? raw("") : html`<div data-testid="schedule">${schedule}</div>`}
    <div class="description" data-testid="description">${c.description}</div>`
}

export function payerPage(c: PayerPageContext, title: string, body: SafeHtml): string {
  return page(
    title,
    html`${body}
      <script>
        ${raw(LOCAL_TIME_SCRIPT)}
      </script>`,
    { lang: c.lang, banner: texts(c.lang).banner, langLinks: c.langLinks },
  )
}

/**
 * "Pay before <local time> · Time left 29:57": the deadline as a <time> the script shows in the
 * payer's zone, and a countdown in real time. `testid` names the <time>.
 */
export function deadline(
  c: PayerPageContext,
  label: string,
  at: number,
  remainingMs: number,
  testid: string,
): SafeHtml {
  const t = texts(c.lang)
  return html`${label}
    <time data-testid="${testid}" data-local datetime="${new Date(at).toISOString()}"
      >${utcText(at)}</time
    >
    · ${t.timeLeft}
    <span
      class="countdown"
      data-testid="countdown"
      data-countdown-ms="${Math.max(0, Math.round(remainingMs))}"
      >${countdownText(remainingMs)}</span
    >`
}

/** The note the script shows when the countdown reaches zero. */
export function timeIsUpNote(c: PayerPageContext): SafeHtml {
  return html`<p class="error" data-time-is-up data-testid="time-is-up" hidden>
    ${texts(c.lang).timeIsUp}
  </p>`
}

/** "12:34" left (or "1:02:03"), rendered on the server; the script keeps it running. */
function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, "0")
  return s >= 3600
    ? `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
    : `${Math.floor(s / 60)}:${pad(s % 60)}`
}
