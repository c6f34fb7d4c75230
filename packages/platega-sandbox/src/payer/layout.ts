import { html, page, raw, type Lang, type SafeHtml } from "../shared/html"
import { texts } from "./i18n"

// The frame of every payer page: language, the sandbox notice, language links, and the small
// script that shows deadlines in the payer's own time zone and counts down to them.

export interface PayerPageContext {
  lang: Lang
  /** this page's links in each language */
  langLinks: Record<Lang, string>
  /** "?lang=xx" when the payer chose a language explicitly, so forms keep it; otherwise "" */
  langQuery: string
}

// Runs in the payer's browser: no sandbox data is trusted here beyond the attributes it reads.
const LOCAL_TIME_SCRIPT = `(() => {
  const lang = document.documentElement.lang === "ru" ? "ru-RU" : "en-GB"
  const fmt = new Intl.DateTimeFormat(lang, { day: "numeric", month: "long", year: "numeric",
    hour: "2-digit", minute: "2-digit", timeZoneName: "short" })
  for (const el of document.querySelectorAll("time[data-local]")) el.textContent = fmt.format(new Date(el.dateTime))
  const cd = document.querySelector("[data-countdown-ms]")
  if (!cd) return
  const end = Date.now() + Number(cd.getAttribute("data-countdown-ms"))
  const pad = (n) => String(n).padStart(2, "0")
  const tick = () => {
    const left = Math.max(0, end - Date.now())
    const s = Math.ceil(left / 1000)
    cd.textContent = (s >= 3600 ? Math.floor(s / 3600) + ":" + pad(Math.floor(s / 60) % 60) : Math.floor(s / 60)) + ":" + pad(s % 60)
    if (left > 0) return void setTimeout(tick, 250)
    const note = document.querySelector("[data-time-is-up]")
    if (note) note.hidden = false
    for (const b of document.querySelectorAll("[data-pay-action]")) b.disabled = true
  }
  tick()
})()`

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

/** "12:34" left (or "1:02:03"), rendered on the server; the script keeps it running. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, "0")
  return s >= 3600
    ? `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
    : `${Math.floor(s / 60)}:${pad(s % 60)}`
}
