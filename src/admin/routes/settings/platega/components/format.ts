import { useTranslation } from "react-i18next"

/** Dates in the admin's language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  })
  return (iso) => format.format(new Date(iso))
}
