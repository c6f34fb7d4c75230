import { pipeline } from "node:stream/promises"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { isPlategaError } from "../../../../../../lib/platega"
import { toPlategaFilter, type ExportFilters } from "../../../../../../workflows/exports/filters"
import { neutralizedCsv, neutralizedXlsx } from "../../../../../../workflows/exports/format"
import { plategaErrorView } from "../../../../../../lib/platega"
import type { AdminPlategaFileQueryType } from "../../validators"
import { findExport, platega } from "../../view"

/**
 * Platega's own CSV or Excel file for the export's period and filters: asked for now (its links
 * expire), downloaded by the store (only from Platega's hosts, see downloadExportFile) and
 * streamed on, so the merchant's credentials never reach the browser; formula cells (CSV and
 * Excel) are neutralised on the way. A read: it changes nothing.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminPlategaFileQueryType>,
  res: MedusaResponse,
) => {
  const record = await findExport(req.scope, req.params.id)
  const query = (req.validatedQuery ?? {}) as AdminPlategaFileQueryType
  const format = query.format ?? (record.format === "json" ? undefined : record.format)
  if (format !== "csv" && format !== "xlsx") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "format: Platega's own file is CSV or Excel; ask for format=csv or format=xlsx",
    )
  }
  const filter = toPlategaFilter(record.filters as unknown as ExportFilters)
  let file
  try {
    const client = await platega(req.scope).getClient()
    const { url } =
      format === "csv"
        ? await client.exportTransactionsCsv(filter)
        : await client.exportTransactionsExcel(filter)
    file = await client.downloadExportFile(url)
  } catch (e) {
    if (!isPlategaError(e)) throw e
    // Platega's code, message and traceId, as a bad gateway: the store is fine, Platega said no.
    res.status(502).json({ type: "platega_error", ...plategaErrorView(e) })
    return
  }
  res.setHeader(
    "Content-Type",
    file.contentType ??
      (format === "csv"
        ? "text/csv"
        : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  )
  res.setHeader("Content-Disposition", `attachment; filename="platega-${record.id}.${format}"`)
  // Cells Platega's file holds come from payers and merchants alike: a formula is made text.
  await pipeline(format === "xlsx" ? neutralizedXlsx(file.body) : neutralizedCsv(file.body), res)
}
