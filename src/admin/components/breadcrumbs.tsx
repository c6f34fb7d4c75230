import { useTranslation } from "react-i18next"

/** A page's own step of the trail, in the admin's language. */
const Crumb = ({ label }: { label: string }) => {
  const { t } = useTranslation()
  return <span data-testid="platega-breadcrumb">{t(label)}</span>
}

/**
 * A route file's `handle` giving the page its breadcrumb (Medusa's admin route `handle`). The
 * dashboard nests routes by path, so /platega/subscriptions/:id shows
 * "Platega › Подписки › Подписка", each earlier step a link back.
 */
export function breadcrumbHandle(label: string) {
  return { breadcrumb: () => <Crumb label={label} /> }
}
