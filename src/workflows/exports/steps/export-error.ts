import { isPlategaError } from "../../../lib/platega"

export interface ExportErrorView {
  message: string
  code?: string
  trace_id?: string
  http_status?: number
}

/** What the export record keeps of a failure: Platega's code, message and traceId, or our message. */
export function exportErrorView(e: unknown): ExportErrorView {
  if (isPlategaError(e)) {
    return {
      message: e.message,
      ...(e.code !== undefined && { code: e.code }),
      ...(e.traceId !== undefined && { trace_id: e.traceId }),
      ...(e.httpStatus !== undefined && { http_status: e.httpStatus }),
    }
  }
  return { message: e instanceof Error ? e.message : String(e) }
}
