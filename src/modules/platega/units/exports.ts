import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"

/** An export's sign of life while it is written (see workflows/exports): one statement. */
export async function touchExport(manager: EntityManager, id: string): Promise<void> {
  await manager.execute(
    `update platega_export set updated_at = now() where id = ? and status in ('queued', 'running')`,
    [id],
  )
}
