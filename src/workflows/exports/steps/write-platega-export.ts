import { randomBytes } from "node:crypto"
import { PassThrough } from "node:stream"
import type { IFileModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { exportLanguage, FORMAT_FILES, writeExport, type ExportFormat } from "../format"
import { toPlategaFilter, type ExportFilters } from "../filters"
import { plategaErrorView } from "../../../lib/platega"
import { classifyTransactions } from "../../transactions/classify"
import { withStoreColumns } from "../store-columns"
import { HEARTBEAT_MS } from "./fail-interrupted-exports"
import type { WrittenExport } from "./notify-platega-export"

const writePlategaExportStepId = "write-platega-export"

/**
 * A name a person recognises: the period (in the export's time zone) and when it was asked for,
 * e.g. platega-transactions_2026-11-01_2026-11-30_1640.csv.
 */
function exportFileName(
  filters: ExportFilters,
  format: ExportFormat,
  createdAt: Date | string,
): string {
  const day = (iso: string | Date) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: filters.time_zone }).format(new Date(iso))
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: filters.time_zone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
    .format(new Date(createdAt))
    .replace(/:/g, "")
  const period = `${day(filters.from)}_${day(filters.to)}`
  return `platega-transactions_${period}_${time}.${FORMAT_FILES[format].extension}`
}

/**
 * Platega's JSON export, parsed as it arrives, each row with what the store knows of it (its kind,
 * its order), written row by row into a file of Medusa's File
 * module (`getUploadStream`): memory stays flat whatever the number of rows. The record goes
 * running → done with the row count (saved as it grows), or failed with Platega's error; a
 * half-written file is deleted.
 */
export const writePlategaExportStep = createStep(
  writePlategaExportStepId,
  async (input: { id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const files = container.resolve<IFileModuleService>(Modules.FILE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const record = await platega.retrievePlategaExport(input.id)
    const format = record.format as ExportFormat
    const filters = record.filters as unknown as ExportFilters
    await platega.updatePlategaExports({ id: record.id, status: "running", started_at: new Date() })
    // A sign of life while Platega streams: an export without one is taken for interrupted.
    const heartbeat = setInterval(() => {
      platega.touchPlategaExport(record.id).catch(() => undefined)
    }, HEARTBEAT_MS)
    heartbeat.unref()

    const fileName = exportFileName(filters, format, record.created_at)
    let upload: Awaited<ReturnType<IFileModuleService["getUploadStream"]>> | undefined
    try {
      const settings = await platega.getEffectiveSettings()
      const client = await platega.getClient()
      // The file first: once Platega's answer is open, it is always read to the end or closed.
      upload = await files.getUploadStream({
        // With a part no one can guess: a file provider that keeps private files where it serves
        // public ones (Medusa's local provider by default) must not give it away to a guess. Not
        // a folder: the local provider tells a private file by its key's first characters.
        filename: `${randomBytes(16).toString("hex")}-${fileName}`,
        mimeType: FORMAT_FILES[format].mimeType,
        access: "private",
      })
      const uploaded = upload.promise
      // Rejections are awaited below; until then they must not count as unhandled.
      uploaded.catch(() => undefined)
      const rows = await client.exportTransactionsJsonStream(toPlategaFilter(filters))
      // Counts the bytes on their way to the file.
      let size = 0
      const counter = new PassThrough()
      counter.on("data", (chunk: Buffer) => (size += chunk.length))
      const file = upload.writeStream
      counter.pipe(file)
      counter.on("error", (e) => file.destroy(e))

      const classify = (ids: string[]) => classifyTransactions(container, ids)
      const rowCount = await writeExport(withStoreColumns(rows, classify), format, counter, {
        separator: settings.csvSeparator,
        language: exportLanguage(filters.language),
        onProgress: (n) =>
          platega.updatePlategaExports({ id: record.id, row_count: n }).then(() => {}),
      })
      await uploaded
      await platega.updatePlategaExports({
        id: record.id,
        status: "done",
        row_count: rowCount,
        file_key: upload.fileKey,
        file_name: fileName,
        file_size: size,
        finished_at: new Date(),
      })
      logger.info(`Platega export ${record.id}: ${rowCount} rows written to ${fileName}`)
      const written: WrittenExport = {
        id: record.id,
        file_key: upload.fileKey,
        file_name: fileName,
        row_count: rowCount,
      }
      return new StepResponse(written, upload.fileKey)
    } catch (e) {
      const error = plategaErrorView(e)
      logger.warn(`Platega export ${record.id} failed: ${error.message}`)
      if (upload) {
        upload.writeStream.destroy()
        await files.deleteFiles(upload.fileKey).catch(() => undefined)
      }
      await platega.updatePlategaExports({
        id: record.id,
        status: "failed",
        error: error as unknown as Record<string, unknown>,
        finished_at: new Date(),
      })
      throw e
    } finally {
      clearInterval(heartbeat)
    }
  },
  async (fileKey, { container }) => {
    if (!fileKey) return
    await container.resolve<IFileModuleService>(Modules.FILE).deleteFiles(fileKey)
  },
)
