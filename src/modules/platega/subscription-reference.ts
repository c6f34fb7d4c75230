/**
 * Subscriptions made before the plugin sent a `payload` carried the checkout's payment session id
 * in their description (Platega keeps it on the subscription and on every charge). New ones name
 * the shop and the plan there and are traced by the session's data and the charges' payload; the
 * session id in an old description still traces the old ones.
 */
const SESSION_ID_RE = /\bpayses_[0-9A-Za-z]{10,40}\b/

/** The payment session id a description carries, if any. */
export function sessionIdInDescription(description: string | null | undefined): string | undefined {
  return SESSION_ID_RE.exec(description ?? "")?.[0]
}
