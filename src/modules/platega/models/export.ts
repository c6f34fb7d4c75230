import { model } from "@medusajs/framework/utils"

const EXPORT_STATUSES = ["queued", "running", "done", "failed"] as const

/**
 * One transaction export asked for in the admin: who asked, for what, how far it got, and the file
 * (in Medusa's File module) when done, or Platega's error when it failed.
 */
export const PlategaExport = model
  .define("platega_export", {
    id: model.id({ prefix: "plexp" }).primaryKey(),
    status: model.enum([...EXPORT_STATUSES]).default("queued"),
    format: model.enum(["json", "csv", "xlsx"]),
    /** `{ from, to, statuses, payment_methods, time_zone }` as asked (names, not codes). */
    filters: model.json(),
    /** The admin user who asked. */
    created_by: model.text().nullable(),
    /** Rows written so far; the total once done. */
    row_count: model.number().default(0),
    file_key: model.text().nullable(),
    file_name: model.text().nullable(),
    file_size: model.number().nullable(),
    /** `{ message, code?, trace_id?, http_status? }`: Platega's error, or ours. */
    error: model.json().nullable(),
    started_at: model.dateTime().nullable(),
    finished_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["created_at"] }])
