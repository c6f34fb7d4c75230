import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type {
  AdminProduct,
  AdminProductVariant,
  DetailWidgetProps,
} from "@medusajs/framework/types"
import {
  Badge,
  Button,
  Container,
  Drawer,
  Heading,
  Input,
  Label,
  Select,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useScheduleText } from "../components/subscriptions/status-badge"
import { sdk } from "../api/sdk"

const INTERVALS = ["day", "week", "month", "year"] as const
type Interval = (typeof INTERVALS)[number]
/** Platega's bounds (the server checks them too). */
const MAX_COUNT: Record<Interval, number> = { day: 31, week: 4, month: 12, year: 3 }

type Plan = { interval: Interval; interval_count: number }
type Variant = Pick<AdminProductVariant, "id" | "title">
type PlanResponse = { variant_id: string; plan: Plan | null }

const planKey = (variantId: string) => ["platega-plan", variantId]
const planUrl = (variantId: string) => `/admin/platega/variants/${variantId}/plan`

/** Which variants of the product are sold by subscription, and on what schedule. */
const ProductSubscriptionPlanWidget = ({ data: product }: DetailWidgetProps<AdminProduct>) => {
  const { t } = useTranslation()
  const schedule = useScheduleText()
  // The product page's data does not always carry the variants: read them.
  const variantList = useQuery({
    queryKey: ["platega-plan-variants", product.id],
    queryFn: () => sdk.admin.product.listVariants(product.id, { limit: 100, fields: "id,title" }),
  })
  const variants: Variant[] = variantList.data?.variants ?? []
  const plans = useQueries({
    queries: variants.map((v) => ({
      queryKey: planKey(v.id),
      queryFn: () => sdk.client.fetch<PlanResponse>(planUrl(v.id)),
    })),
  })
  const [editing, setEditing] = useState<Variant | null>(null)

  return (
    <Container className="divide-y p-0" data-testid="platega-plan-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{t("platega_subscriptions.plan.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {t("platega_subscriptions.plan.hint")}
        </Text>
      </div>
      {variantList.isLoading && (
        <Text size="small" className="text-ui-fg-muted px-6 py-3">
          …
        </Text>
      )}
      {variantList.isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-3">
          {t("platega_subscriptions.plan.loadError")}
        </Text>
      )}
      {variants.map((variant, i) => {
        const query = plans[i]
        const plan = query?.data?.plan ?? null
        return (
          <div
            key={variant.id}
            className="flex items-center justify-between gap-x-4 px-6 py-3"
            data-testid={`platega-plan-${variant.id}`}
          >
            <div className="flex flex-col">
              <Text size="small" weight="plus">
                {variant.title}
              </Text>
              {query?.isLoading ? (
                <Text size="small" className="text-ui-fg-muted">
                  …
                </Text>
              ) : query?.isError ? (
                <Text size="small" className="text-ui-fg-error">
                  {t("platega_subscriptions.plan.loadError")}
                </Text>
              ) : plan ? (
                <Badge size="2xsmall" color="green" data-testid="platega-plan-schedule">
                  {schedule(plan.interval, plan.interval_count)}
                </Badge>
              ) : (
                <Text size="small" className="text-ui-fg-muted">
                  {t("platega_subscriptions.plan.none")}
                </Text>
              )}
            </div>
            <Button
              size="small"
              variant="secondary"
              disabled={query?.isLoading}
              onClick={() => setEditing(variant)}
              data-testid="platega-plan-edit"
            >
              {plan ? t("platega_subscriptions.plan.edit") : t("platega_subscriptions.plan.set")}
            </Button>
          </div>
        )
      })}
      {editing && (
        <PlanDrawer
          variant={editing}
          plan={plans[variants.indexOf(editing)]?.data?.plan ?? null}
          onClose={() => setEditing(null)}
        />
      )}
    </Container>
  )
}

function PlanDrawer({
  variant,
  plan,
  onClose,
}: {
  variant: Variant
  plan: Plan | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const [interval, setUnit] = useState<Interval>(plan?.interval ?? "month")
  const [count, setCount] = useState(String(plan?.interval_count ?? 1))
  const max = MAX_COUNT[interval]
  const countNumber = Number(count)
  const valid = Number.isInteger(countNumber) && countNumber >= 1 && countNumber <= max

  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: planKey(variant.id) })
    toast.success(message)
    onClose()
  }
  const failed = (e: Error) => toast.error(e.message)
  const save = useMutation({
    mutationFn: (body: Plan) =>
      sdk.client.fetch<PlanResponse>(planUrl(variant.id), { method: "POST", body }),
    onSuccess: () => done(t("platega_subscriptions.plan.saved")),
    onError: failed,
  })
  const remove = useMutation({
    mutationFn: () => sdk.client.fetch<PlanResponse>(planUrl(variant.id), { method: "DELETE" }),
    onSuccess: () => done(t("platega_subscriptions.plan.removed")),
    onError: failed,
  })

  const confirmRemove = async () => {
    const confirmed = await prompt({
      title: t("platega_subscriptions.plan.removeTitle"),
      description: t("platega_subscriptions.plan.removeDescription"),
      confirmText: t("platega_subscriptions.plan.remove"),
      cancelText: t("platega_subscriptions.plan.cancel"),
    })
    if (confirmed) remove.mutate()
  }

  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="platega-plan-drawer">
        <Drawer.Header>
          <Drawer.Title>
            {t("platega_subscriptions.plan.editTitle", { variant: variant.title })}
          </Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4">
          <div className="flex flex-col gap-y-2">
            <Label htmlFor="platega-plan-interval">
              {t("platega_subscriptions.plan.interval")}
            </Label>
            <Select value={interval} onValueChange={(v) => setUnit(v as Interval)}>
              <Select.Trigger id="platega-plan-interval" data-testid="platega-plan-interval">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {INTERVALS.map((unit) => (
                  <Select.Item
                    key={unit}
                    value={unit}
                    data-testid={`platega-plan-interval-${unit}`}
                  >
                    {t(`platega_subscriptions.plan.intervals.${unit}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
          <div className="flex flex-col gap-y-2">
            <Label htmlFor="platega-plan-count">{t("platega_subscriptions.plan.count")}</Label>
            <Input
              id="platega-plan-count"
              data-testid="platega-plan-count"
              type="number"
              min={1}
              max={max}
              value={count}
              aria-invalid={!valid}
              onChange={(e) => setCount(e.target.value)}
            />
            <Text size="small" className={valid ? "text-ui-fg-subtle" : "text-ui-fg-error"}>
              {t("platega_subscriptions.plan.countHint", { max })}
            </Text>
          </div>
        </Drawer.Body>
        <Drawer.Footer>
          {plan && (
            <Button
              variant="danger"
              size="small"
              className="mr-auto"
              isLoading={remove.isPending}
              onClick={confirmRemove}
              data-testid="platega-plan-remove"
            >
              {t("platega_subscriptions.plan.remove")}
            </Button>
          )}
          <Drawer.Close asChild>
            <Button variant="secondary" size="small">
              {t("platega_subscriptions.plan.cancel")}
            </Button>
          </Drawer.Close>
          <Button
            size="small"
            disabled={!valid}
            isLoading={save.isPending}
            onClick={() => save.mutate({ interval, interval_count: countNumber })}
            data-testid="platega-plan-save"
          >
            {t("platega_subscriptions.plan.save")}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

export const config = defineWidgetConfig({
  zone: "product.details.after",
})

export default ProductSubscriptionPlanWidget
