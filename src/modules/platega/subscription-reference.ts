/**
 * Platega's create call for a subscription takes no `payload`, so the checkout's payment session
 * id travels in the description: Platega keeps it on the subscription (GET /subscription/{id})
 * and on every charge (the transaction export), which is how both are traced back to the store.
 */
const SESSION_ID_RE = /\bpayses_[0-9A-Za-z]{10,40}\b/

/** The description to send: the store's own, with the session id added when it lacks it. */
export function subscriptionDescription(description: string, sessionId: string): string {
  if (!sessionId || description.includes(sessionId)) return description
  return `${description} ${sessionId}`
}

/** The payment session id a description carries, if any. */
export function sessionIdInDescription(description: string | null | undefined): string | undefined {
  return SESSION_ID_RE.exec(description ?? "")?.[0]
}
