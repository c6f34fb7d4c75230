import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps } from "@medusajs/framework/types"
import { Alert, Button, Container, Heading, Hint, Text, toast, usePrompt } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { LinkCard } from "../components/links/link-card"
import { TransactionsTable } from "../components/links/transactions-table"
import { useCreateLink, useOrderLinks } from "../api/links"
import { errorMessage, formatters } from "../i18n/format"

/**
 * On an order (and a draft order): what it still needs, "Request payment with Platega" for
 * exactly that amount, the link with its QR, copy and e-mail, and every Platega transaction.
 */
const OrderPlategaLinksWidget = ({ data }: DetailWidgetProps<{ id: string }>) => {
  const { t, i18n } = useTranslation()
  const prompt = usePrompt()
  const query = useOrderLinks(data.id)
  const create = useCreateLink(data.id)

  if (query.isPending) return null
  if (query.isError) {
    return (
      <Container>
        <Alert variant="error">
          {t("platega_links.loadError", { message: errorMessage(query.error) })}
        </Alert>
      </Container>
    )
  }
  const { outstanding, links, transactions, email, is_draft_order } = query.data
  if (!outstanding && !transactions.length) return null
  const current = links[0]
  const live = current?.status === "pending" && !current.superseded_by

  const request = async (replace: boolean) => {
    if (replace) {
      const ok = await prompt({
        title: t("platega_links.newLink"),
        description: t("platega_links.newLinkHint"),
        confirmText: t("platega_links.newLink"),
        cancelText: t("platega_links.cancel"),
      })
      if (!ok) return
    }
    create.mutate(
      { replace, ...(outstanding ? { amount: outstanding.amount } : {}) },
      {
        onSuccess: (r) =>
          toast.success(t(r.created ? "platega_links.created" : "platega_links.reused")),
        onError: (err) => toast.error(t("platega_links.failed", { message: errorMessage(err) })),
      },
    )
  }

  return (
    <Container className="divide-y p-0" data-testid="platega-links-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("platega_links.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle" data-testid="platega-outstanding">
            {outstanding
              ? t("platega_links.outstanding", {
                  amount: formatters(i18n.language).money(
                    Number(outstanding.amount),
                    outstanding.currency_code,
                  ),
                })
              : t("platega_links.nothingOwed")}
          </Text>
        </div>
        {outstanding && (
          <Button
            size="small"
            variant={live ? "secondary" : "primary"}
            isLoading={create.isPending}
            onClick={() => request(live)}
            data-testid="platega-request-payment"
          >
            {live ? t("platega_links.newLink") : t("platega_links.request")}
          </Button>
        )}
      </div>
      {is_draft_order && outstanding && (
        <div className="px-6 py-3">
          <Hint>{t("platega_links.draftNote")}</Hint>
        </div>
      )}
      {links.length > 0 && (
        <div className="flex flex-col gap-y-4 px-6 py-4">
          {links.slice(0, 3).map((l) => (
            <LinkCard key={l.id} orderId={data.id} link={l} email={email} />
          ))}
        </div>
      )}
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <Text size="small" weight="plus">
          {t("platega_links.transactions")}
        </Text>
        <TransactionsTable rows={transactions} />
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: ["order.details.after", "draft_order.details.after"],
})

export default OrderPlategaLinksWidget
