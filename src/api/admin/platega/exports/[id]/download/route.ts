import { pipeline } from "node:stream/promises"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IFileModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { FORMAT_FILES, type ExportFormat } from "../../../../../../workflows/exports/format"
import { findExport } from "../../view"

/**
 * The export's file, streamed from the File module to the admin. The file itself stays private:
 * this authenticated route is the way to it, whichever file provider the store uses.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const record = await findExport(req.scope, req.params.id)
  if (record.status !== "done" || !record.file_key || !record.file_name) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Export ${record.id} has no file (it is ${record.status})`,
    )
  }
  const file = await req.scope
    .resolve<IFileModuleService>(Modules.FILE)
    .getDownloadStream(record.file_key)
  res.setHeader("Content-Type", FORMAT_FILES[record.format as ExportFormat].mimeType)
  res.setHeader("Content-Disposition", `attachment; filename="${record.file_name}"`)
  if (record.file_size !== null && record.file_size !== undefined)
    res.setHeader("Content-Length", String(record.file_size))
  await pipeline(file, res)
}
