import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { usePlategaExportChoices } from "../../../lib/exports"
import { ExportForm } from "./export-form"
import { ExportHistory } from "./export-history"

/** Platega → Exports: start a transaction export and download finished ones. */
const PlategaExportsPage = () => {
  const choices = usePlategaExportChoices()
  return (
    <div className="flex flex-col gap-y-3">
      <ExportForm choices={choices.data} />
      <ExportHistory />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "platega_exports.nav",
  translationNs: "translation",
  icon: ArrowDownTray,
})

export default PlategaExportsPage
