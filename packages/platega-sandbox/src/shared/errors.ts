import { randomBytes } from "node:crypto"
import type { ZodError } from "zod"

// The service's observed error body: { code, type, message, data, traceId }.

export interface FieldError {
  key: string
  message: string
}

interface ErrorBody {
  code: string
  type: number
  message: string
  data: FieldError[]
  traceId: string
}

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    readonly type: number,
    message: string,
    readonly data: FieldError[] = [],
    /** answer as text/plain (some cancel errors of the real service are plain text) */
    readonly plainText = false,
  ) {
    super(message)
    this.name = "ApiError"
  }

  body(): ErrorBody {
    return {
      code: this.code,
      type: this.type,
      message: this.message,
      data: this.data,
      traceId: traceId(),
    }
  }
}

export const VALIDATION_MESSAGE = "One or more validation errors occurred."

export function traceId(): string {
  return randomBytes(16).toString("hex")
}

export function authError(message = "Merchant secret key is not correct."): ApiError {
  return new ApiError(401, "Auth:SIGN_1001", 4002, message)
}

/** The service's answer to an X-MerchantId it does not know (seen in production). */
export function merchantNotFoundError(): ApiError {
  return new ApiError(401, "Auth:SIGN_1002", 4002, "Merchant not found.")
}

export function validationError(data: FieldError[], message = VALIDATION_MESSAGE): ApiError {
  return new ApiError(400, "Common:VAL_0001", 4001, message, data)
}

export function fieldError(key: string, message: string): ApiError {
  return validationError([{ key, message }])
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, "Common:NF_0001", 4004, `${what} ${id} was not found.`)
}

export function conflict(code: string, message: string): ApiError {
  return new ApiError(409, code, 4009, message)
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, "Common:FB_0001", 4003, message)
}

export function zodToFieldErrors(error: ZodError, prefix = ""): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".")
    return { key: [prefix, path].filter(Boolean).join(".") || "body", message: issue.message }
  })
}

/** Errors of the control API (not Platega's shape: a single readable message). */
export class ControlError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message)
    this.name = "ControlError"
  }
}
