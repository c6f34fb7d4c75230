import type { SandboxContext } from "../context"

// Where the payer goes: the pay page of a payment or subscription, and what an SBP QR encodes.

export function payPageUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.publicUrl}/pay/${id}`
}

/** What an SBP QR encodes: a short sandbox link that opens the pay page (scan it with a phone). */
export function qrContent(ctx: SandboxContext, id: string): string {
  return `${ctx.publicUrl}/qr/${id}`
}
