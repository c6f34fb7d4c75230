import { TriangleRightMini } from "@medusajs/icons"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"

/** One step of a Platega page's trail: a translation key, and where it leads (none: this page). */
export interface Crumb {
  label: string
  to?: string
}

/**
 * The trail in the dashboard's top bar, drawn like Medusa's own breadcrumbs. Plugin pages are
 * flat routes, so the whole trail is this page's one breadcrumb (route `handle.breadcrumb`),
 * its earlier steps links back.
 */
const Trail = ({ crumbs, last }: { crumbs: Crumb[]; last?: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <span className="flex items-center" data-testid="platega-breadcrumbs">
      {crumbs.map((crumb, i) => {
        const isLast = i === crumbs.length - 1 && !last
        return (
          <span key={crumb.label} className="flex items-center">
            {crumb.to && !isLast ? (
              <Link className="transition-fg hover:text-ui-fg-subtle" to={crumb.to}>
                {t(crumb.label)}
              </Link>
            ) : (
              <span>{t(crumb.label)}</span>
            )}
            {!isLast && (
              <span className="mx-2">
                <TriangleRightMini className="rtl:rotate-180" />
              </span>
            )}
          </span>
        )
      })}
      {last}
    </span>
  )
}

/** A route file's `handle` giving the page this trail (see Medusa's admin route `handle`). */
export function breadcrumbHandle(...crumbs: Crumb[]) {
  return { breadcrumb: () => <Trail crumbs={crumbs} /> }
}

export const PLATEGA_CRUMB: Crumb = { label: "platega_money.title", to: "/platega" }
export const SUBSCRIPTIONS_CRUMB: Crumb = {
  label: "platega_subscriptions.nav",
  to: "/platega/subscriptions",
}
