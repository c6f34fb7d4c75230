import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { usePlategaExportChoices } from "../../../api/exports"
import { ExportForm } from "./export-form"
import { ExportHistory } from "./export-history"
import { breadcrumbHandle } from "../../../components/breadcrumbs"

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

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_exports.nav")

export default PlategaExportsPage
