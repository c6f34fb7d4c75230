import { Button, Drawer, Hint, Input, Label, Select, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSendLink, type PaymentLink } from "../../api/links"
import { errorMessage } from "../../i18n/format"

type Locale = "en" | "ru"

/** Sends the live link to the customer by e-mail, through the store's Notification module. */
export const SendLinkDrawer = ({
  orderId,
  link,
  defaultEmail,
}: {
  orderId: string
  link: PaymentLink
  defaultEmail: string | null
}) => {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState(defaultEmail ?? "")
  const [locale, setLocale] = useState<Locale>(i18n.language.startsWith("ru") ? "ru" : "en")
  const send = useSendLink(orderId)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    send.mutate(
      { id: link.id, email: email.trim() || undefined, locale },
      {
        onSuccess: ({ link: sent }) => {
          toast.success(t("platega_links.sent", { email: sent.emailed_to }))
          setOpen(false)
        },
        onError: (err) => toast.error(t("platega_links.failed", { message: errorMessage(err) })),
      },
    )
  }

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="link-send">
          {t("platega_links.send")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="link-send-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("platega_links.sendTitle")}</Drawer.Title>
          <Drawer.Description>{t("platega_links.sendHint")}</Drawer.Description>
        </Drawer.Header>
        <form onSubmit={submit} className="flex flex-1 flex-col">
          <Drawer.Body className="flex flex-col gap-y-4">
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="platega-link-email">{t("platega_links.email")}</Label>
              <Input
                id="platega-link-email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                data-testid="link-send-email"
              />
            </div>
            <div className="flex flex-col gap-y-2">
              <Label>{t("platega_links.language")}</Label>
              <Select value={locale} onValueChange={(v) => setLocale(v as Locale)}>
                <Select.Trigger data-testid="link-send-locale">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {(["en", "ru"] as const).map((l) => (
                    <Select.Item key={l} value={l}>
                      {t(`platega_links.languages.${l}`)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
            {send.isError && <Hint variant="error">{errorMessage(send.error)}</Hint>}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("platega_links.cancel")}
              </Button>
            </Drawer.Close>
            <Button
              size="small"
              type="submit"
              isLoading={send.isPending}
              data-testid="link-send-submit"
            >
              {t("platega_links.sendNow")}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
