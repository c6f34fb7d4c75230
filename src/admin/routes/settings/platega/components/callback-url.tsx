import { Container, Copy, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { PlategaSettings } from "../api"
import { CallbackCheckStatus } from "./callback-check"

/** The one address to paste into Platega's dashboard, and what Platega does with it. */
export const CallbackUrl = ({ callback }: { callback: PlategaSettings["callback"] }) => {
  const { t } = useTranslation()
  return (
    <Container className="divide-y p-0" data-testid="platega-callback">
      <div className="px-6 py-4">
        <Heading level="h2">{t("platega_settings.callback.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_settings.callback.description")}
        </Text>
      </div>
      <div className="flex flex-col gap-y-3 px-6 py-4">
        <div className="bg-ui-bg-subtle flex items-center justify-between gap-x-2 rounded-md border px-3 py-2">
          <Text size="small" className="font-mono break-all" data-testid="platega-callback-url">
            {callback.url}
          </Text>
          <Copy content={callback.url} aria-label={t("platega_settings.actions.copy")} />
        </div>
        <ul className="text-ui-fg-subtle flex list-disc flex-col gap-y-1 pl-5">
          {(["headers", "kinds", "probe", "retries"] as const).map((k) => (
            <li key={k}>
              <Text size="small">{t(`platega_settings.callback.expects.${k}`)}</Text>
            </li>
          ))}
        </ul>
        <CallbackCheckStatus />
      </div>
    </Container>
  )
}
