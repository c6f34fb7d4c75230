import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { generateEntityId } from "@medusajs/framework/utils"
import { exportPlategaTransactionsWorkflow } from "../../../../workflows/exports/export-platega-transactions"
import {
  EXPORT_FORMATS,
  exportLanguage,
  type ExportFormat,
} from "../../../../workflows/exports/format"
import {
  EXPORT_METHOD_NAMES,
  EXPORT_STATUS_NAMES,
  type ExportFilters,
} from "../../../../workflows/exports/filters"
import type { AdminCreatePlategaExportType, AdminListPlategaExportsType } from "./validators"
import { exportViews, findExport, platega } from "./view"

/** Starts an export in the background; answers the queued record at once. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreatePlategaExportType>,
  res: MedusaResponse,
) => {
  const body = req.validatedBody
  const settings = await platega(req.scope).getEffectiveSettings()
  const filters: ExportFilters = {
    from: new Date(body.from).toISOString(),
    to: new Date(body.to).toISOString(),
    statuses: (body.statuses ?? []) as ExportFilters["statuses"],
    payment_methods: (body.payment_methods ?? []) as ExportFilters["payment_methods"],
    time_zone: body.time_zone ?? settings.exportTimeZone,
    language: body.language ?? exportLanguage(req.headers["accept-language"]),
  }
  const id = generateEntityId(undefined, "plexp")
  await exportPlategaTransactionsWorkflow(req.scope).run({
    input: {
      id,
      format: body.format as ExportFormat,
      filters,
      created_by: req.auth_context?.actor_id ?? null,
    },
  })
  const [view] = await exportViews(req.scope, [await findExport(req.scope, id)])
  res.status(202).json({ export: view })
}

/** The history, newest first, and what a new export can ask for (the page's choices). */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminListPlategaExportsType>,
  res: MedusaResponse,
) => {
  const query = (req.validatedQuery ?? {}) as AdminListPlategaExportsType
  const limit = query.limit ?? 20
  const offset = query.offset ?? 0
  const [records, count] = await platega(req.scope).listAndCountPlategaExports(
    {},
    { skip: offset, take: limit, order: { created_at: "DESC" } },
  )
  const settings = await platega(req.scope).getEffectiveSettings()
  res.json({
    exports: await exportViews(req.scope, records),
    count,
    limit,
    offset,
    choices: {
      statuses: EXPORT_STATUS_NAMES,
      payment_methods: EXPORT_METHOD_NAMES,
      formats: EXPORT_FORMATS,
      time_zone: settings.exportTimeZone,
    },
  })
}
