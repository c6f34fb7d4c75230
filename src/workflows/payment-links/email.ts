import type { PaymentLinkView } from "../../modules/platega"

/**
 * The payment link e-mail, sent through Medusa's Notification module on the `email` channel with
 * template id `platega-payment-link`. A store replaces it by mapping that template id in its
 * e-mail provider (SendGrid, Resend…) to its own template: `data` carries every value (`url`,
 * `amount`, `currency_code`, `expires_at`, `order_display_id`, `locale`) besides the default
 * `subject`, `text` and `html` in the customer's language.
 */
export const PAYMENT_LINK_TEMPLATE = "platega-payment-link"

export type EmailLocale = "en" | "ru"

const TEXTS = {
  en: {
    subject: (what: string) => `Payment for ${what}`,
    greeting: "Hello,",
    body: (what: string, amount: string) => `please pay ${amount} for ${what}.`,
    button: "Pay now",
    expires: (when: string) => `The link is valid until ${when}.`,
    order: (n: string) => `order #${n}`,
  },
  ru: {
    subject: (what: string) => `Оплата: ${what}`,
    greeting: "Здравствуйте!",
    body: (what: string, amount: string) => `Пожалуйста, оплатите ${amount} — ${what}.`,
    button: "Оплатить",
    expires: (when: string) => `Ссылка действует до ${when}.`,
    order: (n: string) => `заказ №${n}`,
  },
} as const

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  )

interface PaymentLinkEmail {
  subject: string
  text: string
  html: string
}

/** The default e-mail in English or Russian. */
export function paymentLinkEmail(
  link: PaymentLinkView,
  orderDisplayId: string,
  locale: EmailLocale,
): PaymentLinkEmail {
  const t = TEXTS[locale]
  const tag = locale === "ru" ? "ru-RU" : "en-GB"
  const amount = new Intl.NumberFormat(tag, {
    style: "currency",
    currency: link.currency_code.toUpperCase(),
  }).format(Number(link.amount))
  const what = t.order(orderDisplayId)
  const when = link.expires_at
    ? new Intl.DateTimeFormat(tag, {
        dateStyle: "long",
        timeStyle: "long",
        timeZone: "Europe/Moscow",
      }).format(new Date(link.expires_at))
    : null
  const lines = [t.greeting, t.body(what, amount), link.url, ...(when ? [t.expires(when)] : [])]
  const html = [
    `<p>${escape(t.greeting)}</p>`,
    `<p>${escape(t.body(what, amount))}</p>`,
    `<p><a href="${escape(link.url)}">${escape(t.button)}</a></p>`,
    ...(when ? [`<p>${escape(t.expires(when))}</p>`] : []),
  ].join("\n")
  return { subject: t.subject(what), text: lines.join("\n\n"), html }
}
