import { model } from "@medusajs/framework/utils"

/** Who changed which settings, and when. Field names only: never a value. */
export const PlategaSettingsAudit = model
  .define("platega_settings_audit", {
    id: model.id({ prefix: "plaud" }).primaryKey(),
    actor_id: model.text().nullable(),
    action: model.text().default("update"),
    /** `{ names: [...] }`: the fields changed. */
    fields: model.json(),
  })
  .indexes([{ on: ["created_at"] }])
