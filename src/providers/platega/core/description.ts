/** The values a description or return-address template may name (see DESCRIPTION_TOKENS). */
export interface TemplateTokens {
  store: string
  /** What is bought, in words (the cart's items). */
  order: string
  /** How often a subscription is charged, in words ("раз в месяц"); empty for a one-off payment. */
  plan: string
  cart_id: string
  amount: string
  currency: string
  session_id: string
}

/** Platega's limit for a payment description. */
const MAX_DESCRIPTION = 255

function fill(template: string, tokens: TemplateTokens, encode: (v: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(tokens, name) ? encode(tokens[name as keyof TemplateTokens]) : whole,
  )
}

/**
 * The description the payer reads. An empty value (no store name) leaves no stray separator
 * behind, and the text is cut to Platega's limit.
 */
export function fillDescription(template: string, tokens: TemplateTokens): string {
  const text = fill(template, tokens, (v) => v)
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s:,;.–—-]+|[\s:,;–—-]+$/g, "")
  return [...text].slice(0, MAX_DESCRIPTION).join("")
}

/** A return address with the values URL-encoded. */
export function fillUrl(template: string, tokens: TemplateTokens): string {
  return fill(template, tokens, encodeURIComponent)
}
