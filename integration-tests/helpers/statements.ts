import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

interface QueryEvents {
  on(event: "query", listener: (q: { sql: string }) => void): void
  off(event: "query", listener: (q: { sql: string }) => void): void
}

/**
 * The SQL statements the store sends PostgreSQL while `work` runs and until the store has been
 * quiet for `quietMs` (a callback's work goes on after its answer), through the connection every
 * module and the plugin share; transaction control (BEGIN, COMMIT) is not counted. The test must
 * not query the store itself in that time.
 */
export async function statementsRunBy(
  container: MedusaContainer,
  work: () => Promise<unknown>,
  quietMs = 1_500,
): Promise<string[]> {
  const knex = container.resolve<QueryEvents>(ContainerRegistrationKeys.PG_CONNECTION)
  const seen: string[] = []
  let last = Date.now()
  const listen = (q: { sql: string }) => {
    last = Date.now()
    if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(q.sql)) seen.push(q.sql)
  }
  knex.on("query", listen)
  try {
    await work()
    while (Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 100))
  } finally {
    knex.off("query", listen)
  }
  return seen
}
