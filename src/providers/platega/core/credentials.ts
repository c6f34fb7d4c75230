import { createHash, timingSafeEqual } from "node:crypto"

export interface PlategaCredentials {
  merchantId: string
  secret: string
  baseUrl: string
  payoutKey?: string
}

/** Supplies credentials from elsewhere (the admin settings); undefined falls back to the options. */
export type CredentialsSource = () => Promise<PlategaCredentials | undefined>

/**
 * The one resolver every part of the plugin reads credentials through: the providers (to call
 * Platega) and the callback route (to verify X-MerchantId/X-Secret). Options given to the
 * providers register here at boot; a settings source, when set, takes precedence.
 */
export class CredentialsResolver {
  private readonly fromOptions = new Map<string, PlategaCredentials>()
  private source?: CredentialsSource

  registerOptions(credentials: PlategaCredentials): void {
    this.fromOptions.set(credentials.merchantId.toLowerCase(), credentials)
  }

  setSource(source: CredentialsSource | undefined): void {
    this.source = source
  }

  /** The credentials to call Platega with. */
  async current(fallback?: PlategaCredentials): Promise<PlategaCredentials> {
    const fromSource = this.source ? await this.source() : undefined
    const credentials = fromSource ?? fallback ?? this.fromOptions.values().next().value
    if (!credentials) {
      throw new Error(
        "Platega is not configured: set merchantId and secret in the provider options",
      )
    }
    return credentials
  }

  /** Every set of credentials a callback may legitimately carry. */
  async candidates(): Promise<PlategaCredentials[]> {
    const fromSource = this.source ? await this.source() : undefined
    return [...(fromSource ? [fromSource] : []), ...this.fromOptions.values()]
  }

  /** Matches callback headers against every candidate in constant time; undefined when none. */
  async verify(headers: Record<string, unknown>): Promise<PlategaCredentials | undefined> {
    const merchantId = header(headers, "x-merchantid")
    const secret = header(headers, "x-secret")
    if (merchantId === undefined || secret === undefined) return undefined
    let match: PlategaCredentials | undefined
    // No early exit: the time taken does not depend on which candidate (if any) matched.
    for (const c of await this.candidates()) {
      const ok =
        safeEqual(merchantId.toLowerCase(), c.merchantId.toLowerCase()) &
        safeEqual(secret, c.secret)
      if (ok && !match) match = c
    }
    return match
  }
}

export const credentialsResolver = new CredentialsResolver()

/** Constant-time string equality (1 or 0); digests make unequal lengths safe to compare. */
export function safeEqual(a: string, b: string): number {
  const da = createHash("sha256").update(a, "utf8").digest()
  const db = createHash("sha256").update(b, "utf8").digest()
  return timingSafeEqual(da, db) ? 1 : 0
}

function header(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== name) continue
    const v = Array.isArray(value) ? value[0] : value
    return typeof v === "string" ? v : undefined
  }
  return undefined
}
