import { MedusaError } from "@medusajs/framework/utils"
import { isPlategaError } from "../../../lib/platega"

/**
 * Turns anything thrown while talking to Platega into a MedusaError the admin or storefront can
 * show: the service's code, message and traceId, never a secret (the client already strips them).
 */
export function toMedusaError(action: string, error: unknown): MedusaError {
  if (error instanceof MedusaError) return error
  if (isPlategaError(error)) {
    const type =
      error.kind === "http" && error.httpStatus !== undefined && error.httpStatus < 500
        ? MedusaError.Types.INVALID_DATA
        : MedusaError.Types.UNEXPECTED_STATE
    return new MedusaError(type, `Platega: ${action} failed: ${error.message}`)
  }
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Platega: ${action} failed: ${message}`,
  )
}
