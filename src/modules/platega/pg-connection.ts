/**
 * The part of Medusa's shared PostgreSQL connection (knex, `__pg_connection__` in any container)
 * that the module's raw SQL outside a service transaction uses: the providers have no manager.
 */
export interface PgConnection {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: unknown[] }>
}

/**
 * Whether `sql` finds a row. Without a database (a provider built outside Medusa) there are no
 * records to tell payments apart with, so every look-up answers true.
 */
export async function hasRow(
  pg: PgConnection | undefined,
  sql: string,
  bindings: unknown[],
): Promise<boolean> {
  if (!pg) return true
  const { rows } = await pg.raw(sql, bindings)
  return rows.length > 0
}
