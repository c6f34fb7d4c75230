// Plain HTML for the payer pages. Every value that comes from a request or from stored data goes
// through escapeHtml (or the `html` tag, which escapes interpolations unless marked safe).

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
}

function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"'`]/g, (c) => ESCAPES[c])
}

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export function raw(value: string): SafeHtml {
  return new SafeHtml(value)
}

type Part = SafeHtml | string | number | null | undefined | SafeHtml[]

/** Tagged template: interpolated values are escaped; SafeHtml (and arrays of it) pass through. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]
  values.forEach((v, k) => {
    if (Array.isArray(v)) out += v.map((x) => x.value).join("")
    else if (v instanceof SafeHtml) out += v.value
    else out += escapeHtml(v)
    out += strings[k + 1]
  })
  return new SafeHtml(out)
}

/** "{name}" placeholders of a text filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))
}

/** The two languages of every page. */
export type Lang = "ru" | "en"

/**
 * The page's language: `?lang=` when given, otherwise the browser's first choice of ru or en
 * (Accept-Language, by q-value), otherwise English.
 */
export function pickLang(queryLang: unknown, acceptLanguage: string | undefined): Lang {
  if (queryLang === "ru" || queryLang === "en") return queryLang
  const choices = (acceptLanguage ?? "")
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";")
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean)
      return { lang: tag.split("-")[0], q: q ? Number(q[1]) : 1, order }
    })
    .filter((c) => (c.lang === "ru" || c.lang === "en") && c.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
  return (choices[0]?.lang as Lang | undefined) ?? "en"
}

/** A small favicon (a ruble sign on Platega-ish blue), served at /favicon.svg and /favicon.ico. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5fff"/>' +
  '<path d="M24 50V14h13a10 10 0 0 1 0 20H18M18 42h20" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>'

// Runs in the browser: shows every <time data-local> in the reader's own time zone, and counts
// down [data-countdown-ms] (disabling [data-pay-action] buttons at zero).
export const LOCAL_TIME_SCRIPT = `(() => {
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

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
body.wide{max-width:72rem}
.card{border:1px solid #ddd;border-radius:8px;padding:1.25rem;margin-bottom:1rem}
.amount{font-size:1.75rem;font-weight:600}
.description{font-size:1.1rem;margin:.25rem 0}
.muted{color:#666;font-size:.9rem}
.top{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-bottom:1rem}
.banner{background:#fff4ce;border:1px solid #e6c200;border-radius:6px;padding:.4rem .75rem;font-size:.85rem;margin:0}
.langs a{margin-left:.4rem;font-size:.85rem;color:#0b5fff;text-decoration:none}.langs a[aria-current]{font-weight:700;color:#1a1a1a}
.error{background:#fde2e1;border:1px solid #d93025;border-radius:6px;padding:.5rem .75rem}
.ok{background:#e3f5e1;border:1px solid #2e7d32;border-radius:6px;padding:.5rem .75rem}
.countdown{font-variant-numeric:tabular-nums;font-weight:600}
label{display:block;margin:.5rem 0 .2rem}
input[type=text],input[type=email]{width:100%;padding:.5rem;box-sizing:border-box}
button{padding:.6rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer;margin:.5rem .5rem 0 0;font-size:1rem;background:#fff}
button:disabled{opacity:.5;cursor:not-allowed}
button.primary{background:#0b5fff;color:#fff;border-color:#0b5fff}
button.small{padding:.2rem .5rem;font-size:.8rem;margin:.1rem}
table{border-collapse:collapse;font-size:.85rem;width:100%}td,th{padding:.3rem .5rem;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
.badge{display:inline-block;padding:.05rem .45rem;border-radius:999px;font-size:.75rem;font-weight:600;background:#eee}
.badge.CONFIRMED,.badge.Active,.badge.delivered{background:#e3f5e1;color:#1b5e20}
.badge.PENDING,.badge.PendingAgreement{background:#fff4ce;color:#6d5200}
.badge.CANCELED,.badge.Failed,.badge.failed,.badge.dropped{background:#fde2e1;color:#8a1c12}
.badge.CHARGEBACKED,.badge.PastDue,.badge.Cancelled{background:#ede7f6;color:#4527a0}
code{font-size:.8rem}
img.qr{width:240px;height:240px;display:block;margin:1rem auto}
details pre{white-space:pre-wrap;word-break:break-all;font-size:.75rem;background:#f6f6f6;padding:.5rem}
`

interface PageOptions {
  lang: Lang
  /** the yellow "sandbox" notice, in the page's language */
  banner: string
  /** links to this page in each language */
  langLinks: Record<Lang, string>
  /** a full-width page (the dashboard) */
  wide?: boolean
}

/** The same URL with `lang` set: the language links of every page. */
export function langLinks(url: string): Record<Lang, string> {
  const u = new URL(url, "http://x")
  const link = (lang: Lang) => {
    u.searchParams.set("lang", lang)
    return `${u.pathname}${u.search}`
  }
  return { ru: link("ru"), en: link("en") }
}

export function page(title: string, body: SafeHtml, o: PageOptions): string {
  const langs = (["ru", "en"] as const).map(
    (l) =>
      html`<a
        href="${o.langLinks[l]}"
        hreflang="${l}"
        data-testid="lang-${l}"
        ${raw(l === o.lang ? 'aria-current="true"' : "")}
        >${l.toUpperCase()}</a
      >`,
  )
  return html`<!doctype html>
    <html lang="${o.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body class="${o.wide ? "wide" : ""}">
        <div class="top">
          <p class="banner" data-testid="sandbox-banner">${o.banner}</p>
          <nav class="langs">${langs}</nav>
        </div>
        ${body}
      </body>
    </html>`.value
}
