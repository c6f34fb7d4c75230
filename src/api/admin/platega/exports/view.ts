import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import { exportDownloadPath } from "../../../../workflows/exports/steps/notify-platega-export"

type ExportRecord = Awaited<ReturnType<PlategaModuleService["retrievePlategaExport"]>>

interface AdminPlategaExport {
  id: string
  status: string
  format: string
  filters: unknown
  created_by: { id: string; email: string | null } | null
  row_count: number
  file: { name: string; size: number | null; download_url: string } | null
  /** For CSV and Excel: Platega's own file of the same period, through the store. */
  platega_file_url: string | null
  error: unknown
  created_at: Date
  started_at: Date | null
  finished_at: Date | null
}

export function platega(scope: MedusaContainer): PlategaModuleService {
  return scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
}

/** The record, or a 404 that names it. */
export async function findExport(scope: MedusaContainer, id: string): Promise<ExportRecord> {
  const [record] = await platega(scope).listPlategaExports({ id }, { take: 1 })
  if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Export ${id} was not found`)
  return record
}

/** Records as the admin sees them, with the e-mail of whoever asked. */
export async function exportViews(
  scope: MedusaContainer,
  records: ExportRecord[],
): Promise<AdminPlategaExport[]> {
  const ids = [...new Set(records.map((r) => r.created_by).filter((id): id is string => !!id))]
  const users = ids.length
    ? await scope.resolve(Modules.USER).listUsers({ id: ids }, { select: ["id", "email"] })
    : []
  const emails = new Map(users.map((u) => [u.id, u.email]))
  return records.map((r) => ({
    id: r.id,
    status: r.status,
    format: r.format,
    filters: r.filters,
    created_by: r.created_by ? { id: r.created_by, email: emails.get(r.created_by) ?? null } : null,
    row_count: r.row_count,
    file:
      r.status === "done" && r.file_name
        ? { name: r.file_name, size: r.file_size ?? null, download_url: exportDownloadPath(r.id) }
        : null,
    platega_file_url: r.format === "json" ? null : `/admin/platega/exports/${r.id}/platega-file`,
    error: r.error ?? null,
    created_at: r.created_at,
    started_at: r.started_at ?? null,
    finished_at: r.finished_at ?? null,
  }))
}
