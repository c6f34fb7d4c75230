/**
 * A phone or tablet, where an SBP payment opens the bank app from a link instead of showing a QR
 * to scan. Only in a browser; false on the server.
 */
export function isMobileDevice(userAgent?: string): boolean {
  const ua = userAgent ?? (typeof navigator !== "undefined" ? navigator.userAgent : "")
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua)
}
