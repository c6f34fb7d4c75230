import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

/**
 * Secrets at rest: AES-256-GCM under a key from `PLATEGA_ENCRYPTION_KEY`. Each ciphertext names
 * the key that wrote it (`v1:<kid>:<iv>:<tag>:<data>`), so a key can be rotated: put the new key
 * in `PLATEGA_ENCRYPTION_KEY` and the old ones in `PLATEGA_ENCRYPTION_OLD_KEYS` (comma-separated);
 * old ciphertexts still decrypt and every new write uses the new key.
 */
export const ENCRYPTION_KEY_ENV = "PLATEGA_ENCRYPTION_KEY"
export const OLD_KEYS_ENV = "PLATEGA_ENCRYPTION_OLD_KEYS"

const VERSION = "v1"

export class EncryptionKeyError extends Error {
  override name = "EncryptionKeyError"
}

interface Key {
  id: string
  bytes: Buffer
}

/** A 32-byte key written as 64 hex digits or as base64 (44 characters). */
function parseKey(text: string, variable: string): Key {
  const t = text.trim()
  let bytes: Buffer | undefined
  if (/^[0-9a-fA-F]{64}$/.test(t)) bytes = Buffer.from(t, "hex")
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) bytes = Buffer.from(t, "base64")
  if (!bytes || bytes.length !== 32) {
    throw new EncryptionKeyError(
      `${variable} must be a 32-byte key written as 64 hex digits or base64 (make one with: openssl rand -base64 32)`,
    )
  }
  // The key id is derived from the key, so nothing else needs to be configured.
  const id = createHash("sha256").update(bytes).digest("hex").slice(0, 8)
  return { id, bytes }
}

export class SecretBox {
  private readonly current?: Key
  private readonly byId = new Map<string, Key>()

  constructor(env: Record<string, string | undefined> = process.env) {
    const current = env[ENCRYPTION_KEY_ENV]?.trim()
    if (current) {
      this.current = parseKey(current, ENCRYPTION_KEY_ENV)
      this.byId.set(this.current.id, this.current)
    }
    for (const old of (env[OLD_KEYS_ENV] ?? "").split(",").filter((s) => s.trim())) {
      const key = parseKey(old, OLD_KEYS_ENV)
      if (!this.byId.has(key.id)) this.byId.set(key.id, key)
    }
  }

  get canEncrypt(): boolean {
    return !!this.current
  }

  /** Id of the key new writes use (shown to the admin; not secret). */
  get currentKeyId(): string | undefined {
    return this.current?.id
  }

  encrypt(plaintext: string): string {
    if (!this.current) {
      throw new EncryptionKeyError(
        `Saving a Platega secret needs an encryption key: set ${ENCRYPTION_KEY_ENV} (a 32-byte key, e.g. from: openssl rand -base64 32) in the environment of every Medusa process`,
      )
    }
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", this.current.bytes, iv)
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
    const tag = cipher.getAuthTag()
    return [
      VERSION,
      this.current.id,
      iv.toString("base64"),
      tag.toString("base64"),
      data.toString("base64"),
    ].join(":")
  }

  decrypt(ciphertext: string): string {
    const [version, kid, iv, tag, data] = ciphertext.split(":")
    if (version !== VERSION || !kid || !iv || !tag || data === undefined) {
      throw new EncryptionKeyError(
        "A stored Platega secret is not in a format this version can read",
      )
    }
    const key = this.byId.get(kid)
    if (!key) {
      throw new EncryptionKeyError(
        `A stored Platega secret was encrypted with key ${kid}, which is not configured: set it in ${ENCRYPTION_KEY_ENV} or ${OLD_KEYS_ENV}`,
      )
    }
    try {
      const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64"))
      decipher.setAuthTag(Buffer.from(tag, "base64"))
      return Buffer.concat([
        decipher.update(Buffer.from(data, "base64")),
        decipher.final(),
      ]).toString("utf8")
    } catch {
      throw new EncryptionKeyError(
        `A stored Platega secret could not be decrypted with key ${kid}: the key is wrong or the value was altered`,
      )
    }
  }

  /** True when the ciphertext was written with an older key and should be re-encrypted. */
  isStale(ciphertext: string): boolean {
    return !!this.current && ciphertext.split(":")[1] !== this.current.id
  }
}
