/**
 * Where a payer may be sent back to after paying: only the store's own storefronts. A return or
 * failure address from the store API is accepted only on one of the storefront origins (exact
 * scheme, host and port), so nobody can make the store's Platega page send its payers to a
 * page of their own. No Node-only imports: the admin's form checks origins with the same rules.
 */

import { checkReturnUrl } from "../../lib/platega/return-url"

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost")

function parse(text: string, filler = "x"): URL | undefined {
  try {
    // Placeholders ({cart_id}, …) are filled in per payment; stand them in with a plain word.
    return new URL(text.replace(/\{\w*\}/g, filler))
  } catch {
    return undefined
  }
}

/**
 * A storefront origin as written in a setting or in `storeCors` (`https://shop.example.com`,
 * `http://localhost:8000`), normalised; undefined when it is not one: not an origin alone (a path,
 * query or credentials), or plain http on a host that is not this machine.
 */
export function storefrontOrigin(text: string): string | undefined {
  const url = parse(text.trim())
  if (!url || url.username || url.password) return undefined
  if (url.pathname !== "/" || url.search || url.hash || /[{}]/.test(text)) return undefined
  if (url.protocol === "https:") return url.origin
  return url.protocol === "http:" && isLoopback(url.hostname) ? url.origin : undefined
}

/**
 * The storefront origins in Medusa's `storeCors` (a comma-separated list). Regular expressions
 * (`/…/`) and anything that is not an https origin (or http on this machine) are left out: a
 * return address must match an origin exactly.
 */
export function originsOfCors(storeCors: string | undefined): string[] {
  return (storeCors ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith("/"))
    .flatMap((s) => storefrontOrigin(s) ?? [])
}

/** A return address checked: its normalised form (placeholders kept), or why it is refused. */
export type CheckedReturnAddress = { address: string; origin: string } | { problem: string }

/**
 * A return address as the store keeps it and Platega gets it: parsed as a URL, with control
 * characters, backslashes and `@` refused (lib/platega/return-url.ts), written out in its
 * normalised form (lower-case scheme and host, default port dropped, unsafe characters
 * percent-encoded) with its `{placeholders}` kept for each payment to fill in. A placeholder may
 * not stand in the scheme, host or port: filled in two ways, such an address has two origins.
 */
export function readReturnAddress(template: string): CheckedReturnAddress {
  // Each placeholder stands in as a plain word the parser leaves alone, put back afterwards.
  let stem = "placeholder"
  while (template.toLowerCase().includes(stem)) stem += "x"
  const names: string[] = []
  const stood = template.replace(
    /\{(\w+)\}/g,
    (_, name: string) => `${stem}${names.push(name) - 1}z`,
  )
  const check = checkReturnUrl(stood)
  if (!check.ok) return { problem: check.problem }
  if (check.url.origin.includes(stem)) {
    return { problem: "must not have a placeholder in its scheme, host or port" }
  }
  const back = new RegExp(`${stem}(\\d+)z`, "g")
  return {
    address: check.url.href.replace(back, (_, i: string) => `{${names[Number(i)]}}`),
    origin: check.url.origin,
  }
}

/**
 * A return address from the store API: as readReturnAddress, and on one of `origins`. Relative
 * addresses are refused: Platega needs an absolute one, and with several storefronts the store
 * cannot tell which one was meant.
 */
export function storefrontReturnAddress(
  template: string,
  origins: readonly string[],
): CheckedReturnAddress {
  const read = readReturnAddress(template)
  if ("problem" in read) return read
  if (!origins.includes(read.origin)) {
    return {
      problem: origins.length
        ? `must be on one of the store's storefront origins (${origins.join(", ")})`
        : "cannot be accepted: the store has no storefront origins (set storeCors or the storefront origins under Settings → Platega)",
    }
  }
  return read
}
