import { createHash, timingSafeEqual } from "node:crypto"
import { authError, merchantNotFoundError } from "./errors"

// Merchant headers (X-MerchantId + X-Secret). Both values are compared as SHA-256 digests with
// timingSafeEqual: equal-length inputs, so neither the content nor the length of the secret leaks
// through response timing.

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

export class MerchantAuth {
  private readonly merchantDigest: Buffer
  private readonly secretDigest: Buffer

  constructor(merchantId: string, secret: string) {
    this.merchantDigest = digest(merchantId.toLowerCase())
    this.secretDigest = digest(secret)
  }

  /** Throws the service's 401 unless both headers match. */
  check(merchantHeader: unknown, secretHeader: unknown): void {
    if (typeof merchantHeader !== "string" || typeof secretHeader !== "string") throw authError()
    // Both comparisons always run, so a wrong id and a wrong secret take the same time.
    const idOk = timingSafeEqual(digest(merchantHeader.trim().toLowerCase()), this.merchantDigest)
    const secretOk = timingSafeEqual(digest(secretHeader), this.secretDigest)
    // Like the service: an unknown merchant id is told apart from a wrong secret.
    if (!idOk) throw merchantNotFoundError()
    if (!secretOk) throw authError()
  }
}
