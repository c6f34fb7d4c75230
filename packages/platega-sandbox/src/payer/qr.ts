import type { SandboxContext } from "../context"

// What an SBP QR encodes. A real one is an NSPK link the banking app opens:
//   https://qr.nspk.ru/AD10006M8KH9F1N68N2RNH3JOAK8JVDM?type=02&bank=100000000111&sum=150000&cur=RUB&crc=C08B
// (32-character QR id, type 02 = dynamic, the payee bank's member id, the sum in kopecks, the
// currency and a checksum). The sandbox keeps that shape on its own host, so scanning it with a phone
// opens the pay page:
//   {publicUrl}/qr/AD10000{25 characters}?type=02&bank=100000000000&sum=150000&cur=RUB&crc=XXXX
// The QR id carries the transaction id (base 36), so the link needs no lookup table.

const PREFIX = "AD10000"
const ID_CHARS = 25
/** The sandbox's made-up member id of the payee bank (real ones are 12 digits like this). */
const SANDBOX_BANK_ID = "100000000000"

export function qrIdOf(transactionId: string): string {
  const hex = transactionId.replace(/-/g, "")
  return PREFIX + BigInt(`0x${hex}`).toString(36).toUpperCase().padStart(ID_CHARS, "0")
}

/** The transaction id a QR id stands for, or null when it is not one of ours. */
export function transactionIdOfQr(qrId: string): string | null {
  const m = new RegExp(`^${PREFIX}([0-9A-Z]{${ID_CHARS}})$`).exec(qrId.toUpperCase())
  if (!m) return null
  let n = 0n
  for (const ch of m[1]) n = n * 36n + BigInt(parseInt(ch, 36))
  const hex = n.toString(16).padStart(32, "0")
  if (hex.length !== 32) return null
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** CRC-16/CCITT-FALSE, four hex digits, like the `crc` parameter of NSPK links. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8
    for (let k = 0; k < 8; k++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, "0")
}

export function sbpQrLink(
  ctx: SandboxContext,
  transactionId: string,
  amountMinor: number,
  currency: string,
): string {
  const base =
    `${ctx.publicUrl}/qr/${qrIdOf(transactionId)}?type=02&bank=${SANDBOX_BANK_ID}` +
    `&sum=${Math.round(amountMinor)}&cur=${currency}`
  return `${base}&crc=${crc16(base)}`
}
