import type { SandboxContext } from "../context"
import { CURRENCIES } from "../shared/codes"
import { sbpQrLink } from "./qr"

// Where the payer goes: the pay page of a payment or subscription, the e-mail cancel link of a
// subscription, and what an SBP QR encodes.

export function payPageUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.publicUrl}/pay/${id}`
}

/** The payer's cancel link of a subscription, as Platega puts it in its e-mails. */
export function payerCancelUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.publicUrl}/subscription/${id}/cancel-by-payer`
}

/** The SBP QR text of a transaction: an NSPK-shaped link back to the pay page (see qr.ts). */
export function qrContent(ctx: SandboxContext, id: string): string {
  const i = ctx.txs.indexOf(id)
  if (i < 0) return `${ctx.publicUrl}/qr/${id}`
  return sbpQrLink(ctx, id, ctx.txs.amountMinor[i], CURRENCIES[ctx.txs.currency[i]])
}
