import type { Logger } from "@medusajs/framework/types"
import { PlategaClient, type PlategaLogger } from "../../../lib/platega"
import { credentialsResolver, type PlategaCredentials } from "./credentials"

const cache = new Map<string, PlategaClient>()

export interface ClientSettings {
  logger?: Logger
  timeoutMs?: number
  /** Used when no other source supplies credentials (the provider's own options). */
  fallback?: PlategaCredentials
}

/**
 * The Platega client for the credentials in force now (settings may change them at run time).
 * One client per credential set, shared by providers, workflows, jobs and routes.
 */
export async function plategaClient(settings: ClientSettings = {}): Promise<PlategaClient> {
  const c = await credentialsResolver.current(settings.fallback)
  const key = [c.baseUrl, c.merchantId, c.secret, c.payoutKey ?? "", settings.timeoutMs ?? ""].join(
    "\u0000",
  )
  let client = cache.get(key)
  if (!client) {
    client = new PlategaClient({
      baseUrl: c.baseUrl,
      merchantId: c.merchantId,
      secret: c.secret,
      payoutKey: c.payoutKey,
      timeoutMs: settings.timeoutMs,
      logger: settings.logger ? medusaLogger(settings.logger) : undefined,
    })
    cache.set(key, client)
  }
  return client
}

/** The client logs redacted messages; this only adapts them to Medusa's logger. */
function medusaLogger(logger: Logger): PlategaLogger {
  const line = (m: string, meta?: object) => (meta ? `${m} ${JSON.stringify(meta)}` : m)
  return {
    debug: (m, meta) => logger.debug(line(m, meta)),
    info: (m, meta) => logger.info(line(m, meta)),
    warn: (m, meta) => logger.warn(line(m, meta)),
    error: (m, meta) => logger.error(line(m, meta)),
  }
}
