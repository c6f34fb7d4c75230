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

export function escapeHtml(value: unknown): string {
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

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.card{border:1px solid #ddd;border-radius:8px;padding:1.25rem;margin-bottom:1rem}
.amount{font-size:1.75rem;font-weight:600}
.muted{color:#666;font-size:.9rem}
.banner{background:#fff4ce;border:1px solid #e6c200;border-radius:6px;padding:.5rem .75rem;font-size:.85rem}
.error{background:#fde2e1;border:1px solid #d93025;border-radius:6px;padding:.5rem .75rem}
label{display:block;margin:.5rem 0 .2rem}
input[type=text],input[type=email]{width:100%;padding:.5rem;box-sizing:border-box}
button{padding:.6rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer;margin:.5rem .5rem 0 0;font-size:1rem}
button.primary{background:#0b5fff;color:#fff;border-color:#0b5fff}
table{border-collapse:collapse;font-size:.85rem}td{padding:.15rem .5rem;border-bottom:1px solid #eee}
img.qr{width:240px;height:240px;display:block;margin:1rem auto}
`

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <p class="banner" data-testid="sandbox-banner">Platega sandbox: no real money moves.</p>
        ${body}
      </body>
    </html>`.value
}

export function formatAmount(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`
}
