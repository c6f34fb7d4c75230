import { useFormat } from "../../../../lib/format"

/** Dates in the admin's language (the shared formatter of lib/format.ts). */
export function useDateTime(): (iso: string) => string {
  return useFormat().dateTime
}
