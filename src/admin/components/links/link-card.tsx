import { Alert, Button, StatusBadge, Text, toast } from "@medusajs/ui"
import QRCode from "qrcode"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import type { LinkStatus, PaymentLink } from "../../api/links"
import { SendLinkDrawer } from "./send-link-drawer"
import { formatters } from "../../i18n/format"

export const LINK_STATUS_COLOR: Record<LinkStatus, "green" | "orange" | "grey" | "red"> = {
  pending: "orange",
  paid: "green",
  expired: "grey",
  canceled: "grey",
  failed: "red",
}

/** The QR of the link's URL, drawn in the browser (the payer scans it with a phone). */
function useQrDataUrl(url: string): string | undefined {
  const [dataUrl, setDataUrl] = useState<string>()
  useEffect(() => {
    let live = true
    QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: "M" })
      .then((d) => live && setDataUrl(d))
      .catch(() => live && setDataUrl(undefined))
    return () => {
      live = false
    }
  }, [url])
  return dataUrl
}

/** One link: its status, amount and expiry; while payable, its QR, a copy button and sending. */
export const LinkCard = ({
  orderId,
  link,
  email,
}: {
  orderId: string
  link: PaymentLink
  email: string | null
}) => {
  const { t, i18n } = useTranslation()
  const live = link.status === "pending" && !link.superseded_by
  const qr = useQrDataUrl(link.url)
  return (
    <div className="flex flex-col gap-y-3" data-testid="link-card" data-status={link.status}>
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus" data-testid="link-amount">
          {formatters(i18n.language).money(Number(link.amount), link.currency_code)}
        </Text>
        <StatusBadge color={LINK_STATUS_COLOR[link.status]} data-testid="link-status">
          {t(`platega_links.status.${link.status}`)}
        </StatusBadge>
      </div>
      {link.flag && (
        <Alert variant="warning" data-testid="link-flag">
          {t(`platega_links.flag.${link.flag}`)}
        </Alert>
      )}
      {live && (
        <div className="flex gap-x-4">
          {qr && (
            <img
              src={qr}
              alt={t("platega_links.qrAlt")}
              width={120}
              height={120}
              className="rounded-md border"
              data-testid="link-qr"
            />
          )}
          <div className="flex min-w-0 flex-col gap-y-2">
            <a
              href={link.url}
              target="_blank"
              rel="noreferrer"
              className="txt-compact-small text-ui-fg-interactive truncate"
              data-testid="link-url"
            >
              {link.url}
            </a>
            <Text size="small" className="text-ui-fg-subtle" data-testid="link-expiry">
              {link.expires_at
                ? t("platega_links.expires", {
                    date: formatters(i18n.language).dateTime(link.expires_at),
                  })
                : t("platega_links.noExpiry")}
            </Text>
            <div className="flex flex-wrap gap-2">
              <Button
                size="small"
                variant="secondary"
                data-testid="link-copy"
                onClick={() =>
                  navigator.clipboard
                    .writeText(link.url)
                    .then(() => toast.success(t("platega_links.copied")))
                    .catch((e: unknown) =>
                      toast.error(t("platega_links.failed", { message: String(e) })),
                    )
                }
              >
                {t("platega_links.copy")}
              </Button>
              <SendLinkDrawer orderId={orderId} link={link} defaultEmail={email} />
            </div>
            {link.emailed_to && link.emailed_at && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("platega_links.emailedTo", {
                  email: link.emailed_to,
                  date: formatters(i18n.language).dateTime(link.emailed_at),
                })}
              </Text>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
