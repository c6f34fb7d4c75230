import { z } from "zod"
import { instant } from "../list-query"
import { EXPORT_FORMATS, EXPORT_LANGUAGES } from "../../../../workflows/exports/format"
import {
  EXPORT_METHOD_NAMES,
  EXPORT_STATUS_NAMES,
  isTimeZone,
} from "../../../../workflows/exports/filters"

// Every message names its field: Medusa passes a custom message through as the 400's text.

/** The longest period one export may cover. */
const MAX_EXPORT_DAYS = 366

export const AdminCreatePlategaExport = z
  .object({
    from: instant("from"),
    to: instant("to"),
    statuses: z
      .array(z.enum(EXPORT_STATUS_NAMES as [string, ...string[]]))
      .max(EXPORT_STATUS_NAMES.length)
      .optional(),
    payment_methods: z
      .array(z.enum(EXPORT_METHOD_NAMES as [string, ...string[]]))
      .max(EXPORT_METHOD_NAMES.length)
      .optional(),
    format: z.enum(EXPORT_FORMATS),
    /** The asking admin's language: column titles, CSV number style, notifications. */
    language: z.enum(EXPORT_LANGUAGES, { message: "language: expected en or ru" }).optional(),
    time_zone: z
      .string()
      .trim()
      .refine(isTimeZone, {
        message: "time_zone: unknown time zone (expected an IANA name such as Europe/Moscow)",
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const from = Date.parse(v.from)
    const to = Date.parse(v.to)
    if (from > to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "from: must not be after to" })
    } else if (to - from > MAX_EXPORT_DAYS * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `to: the period may cover at most ${MAX_EXPORT_DAYS} days`,
      })
    }
  })
export type AdminCreatePlategaExportType = z.infer<typeof AdminCreatePlategaExport>

export const AdminListPlategaExports = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type AdminListPlategaExportsType = z.infer<typeof AdminListPlategaExports>

export const AdminPlategaFileQuery = z.object({
  format: z.enum(["csv", "xlsx"], { message: "format: expected csv or xlsx" }).optional(),
})
export type AdminPlategaFileQueryType = z.infer<typeof AdminPlategaFileQuery>
