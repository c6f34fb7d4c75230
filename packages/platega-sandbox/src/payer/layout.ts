import { LOCAL_TIME_SCRIPT, html, page, raw, type Lang, type SafeHtml } from "../shared/html"
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
