/**
 * Where a payer may be sent back to after paying: only the store's own storefronts. A return or
 * failure address from the store API is accepted only on one of the storefront origins (exact
 * scheme, host and port), so nobody can make the store's Platega page send its payers to a
 * page of their own. No Node-only imports: the admin's form checks origins with the same rules.
 */

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

/**
 * Why `address` may not be used as a return address, or undefined when it may: an absolute
 * http(s) URL without credentials on one of `origins`. Relative addresses are refused: Platega
 * needs an absolute one, and with several storefronts the store cannot tell which one was meant.
 */
export function returnAddressProblem(
  address: string,
  origins: readonly string[],
): string | undefined {
  const url = parse(address)
  if (!url || !["http:", "https:"].includes(url.protocol)) {
    return "must be an absolute http(s) address of the storefront"
  }
  if (url.username || url.password) return "must not carry a user name or password"
  // A placeholder in the host or port would let the filled-in value choose where the payer goes:
  // filled in two ways, such an address has two origins.
  if (parse(address, "y")?.origin !== url.origin || !origins.includes(url.origin)) {
    return origins.length
      ? `must be on one of the store's storefront origins (${origins.join(", ")})`
      : "cannot be accepted: the store has no storefront origins (set storeCors or the storefront origins under Settings → Platega)"
  }
  return undefined
}
