import { model } from "@medusajs/framework/utils"

/**
 * This store's latest read of one Platega transaction or subscription, shared by every instance:
 * a final read serves the authorization that follows it for a short while, and a read in flight
 * makes the others wait for it instead of asking Platega again. Only ever written from Platega's
 * own answers, never from a callback body (see access/recent-reads.ts).
 */
export const PlategaRecentRead = model.define("platega_recent_read", {
  id: model.id({ prefix: "plrr" }).primaryKey(),
  /** `transaction:<id>` or `subscription:<id>`. */
  key: model.text().unique(),
  /** Platega's status in that read; null while the first read is in flight. */
  status: model.text().nullable(),
  /** Whether that answer may answer again (CONFIRMED; a subscription that has charged). */
  final: model.boolean().default(false),
  /** Platega's answer as parsed by the client. */
  body: model.json().nullable(),
  read_at: model.dateTime().nullable(),
  /** Set while one process reads Platega: until then the others wait for its answer. */
  claimed_until: model.dateTime().nullable(),
})
