import { createHmac, randomBytes } from "node:crypto"
import { generateEntityId } from "@medusajs/framework/utils"
import type { SecretBox } from "../access/crypto"
import type { Execute } from "./unauthenticated-budget"

type KeyRow = { id: string; payer_key_ciphertext: string | null }

const oldestRow = (execute: Execute) =>
  execute<KeyRow>(
    `select id, payer_key_ciphertext from platega_settings
     where deleted_at is null order by created_at asc limit 1`,
    [],
  )

/**
 * The key of guest payer ids (see payer.ts): the store's own random key, made once and kept
 * encrypted in the settings row, so every instance uses the same one and nobody can test e-mail
 * addresses against an id with a guessable key. The first instance to need it writes it; the
 * others (even at the same moment) read the one that was kept.
 *
 * Without an encryption key nothing secret may be kept in the database: the key is then derived
 * from the merchant's Platega secret (held outside the database, in the provider options), and
 * payer ids change with that secret.
 */
export async function payerKey(
  execute: Execute,
  box: SecretBox,
  merchantSecret: () => Promise<string | undefined>,
): Promise<string> {
  if (box.canEncrypt) {
    let [row] = await oldestRow(execute)
    if (!row?.payer_key_ciphertext) {
      const sealed = box.encrypt(randomBytes(32).toString("base64"))
      if (row) {
        await execute(
          `update platega_settings set payer_key_ciphertext = ?
           where id = ? and payer_key_ciphertext is null`,
          [sealed, row.id],
        )
      } else {
        await execute(`insert into platega_settings (id, payer_key_ciphertext) values (?, ?)`, [
          generateEntityId(undefined, "plset"),
          sealed,
        ])
      }
      ;[row] = await oldestRow(execute)
    }
    try {
      if (row?.payer_key_ciphertext) return box.decrypt(row.payer_key_ciphertext)
    } catch {
      // Kept under a key that is no longer configured: fall back as without a key.
    }
  }
  const secret = await merchantSecret()
  if (!secret) throw new Error("Platega: no key for guest payer ids (no merchant secret)")
  return createHmac("sha256", secret).update("platega-payer-id-key").digest("base64")
}
