import type { FastifyInstance } from "fastify"
import type { SandboxContext } from "../context"
import { fieldError } from "../shared/errors"
import { matchTransactions, recordFormatter } from "./records"
import { EXCEL_ROW_LIMIT } from "./files"
import { jsonArrayStream } from "./json"
import { parseExportFilter } from "./schemas"
import { merchantRoute } from "../shared/routes"

export function exportRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const auth = merchantRoute(ctx)

  // Inline records, streamed (see json.ts). Capped by settings.jsonExportLimit (1,000,000), because
  // the client holds or parses the whole array; CSV and Excel have no such cap.
  app.post("/transaction/export/json", auth, async (req, reply) => {
    const filter = parseExportFilter(req.body)
    const matches = matchTransactions(ctx, filter)
    const limit = ctx.settings.jsonExportLimit
    if (matches.length > limit) {
      throw fieldError(
        "to",
        `${matches.length} transactions match; the JSON export returns at most ${limit}. Narrow from/to or use the CSV or Excel export.`,
      )
    }
    return reply
      .type("application/json; charset=utf-8")
      .send(jsonArrayStream(matches, recordFormatter(ctx, filter.timeZone)))
  })

  app.post("/transaction/export/csv", auth, async (req) => {
    const filter = parseExportFilter(req.body)
    const name = ctx.files.add(
      "csv",
      matchTransactions(ctx, filter),
      recordFormatter(ctx, filter.timeZone),
    )
    return { url: `${ctx.publicUrl}/_files/${name}` }
  })

  app.post("/transaction/export/excel", auth, async (req) => {
    const filter = parseExportFilter(req.body)
    const matches = matchTransactions(ctx, filter)
    if (matches.length > EXCEL_ROW_LIMIT) {
      throw fieldError(
        "to",
        `${matches.length} transactions match; an Excel sheet holds at most ${EXCEL_ROW_LIMIT}. Use CSV.`,
      )
    }
    const name = ctx.files.add("xlsx", matches, recordFormatter(ctx, filter.timeZone))
    return { url: `${ctx.publicUrl}/_files/${name}` }
  })

  // The download behind { url }: unauthenticated, like the service's pre-signed file links.
  app.get<{ Params: { name: string } }>("/_files/:name", async (req, reply) => {
    const file = ctx.files.open(req.params.name)
    if (!file)
      return reply
        .code(404)
        .type("text/plain")
        .send("This export file does not exist or has expired.")
    const ext = req.params.name.endsWith(".csv") ? "csv" : "xlsx"
    return reply
      .type(file.contentType)
      .header("Content-Disposition", `attachment; filename="transactions.${ext}"`)
      .send(file.stream)
  })
}
