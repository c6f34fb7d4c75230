import type { CreateOrderDTO, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

type Address = {
  first_name?: string | null
  last_name?: string | null
  company?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
  metadata?: Record<string, unknown> | null
}

/**
 * What every renewal ships and to whom, taken from the checkout's cart: the same items at the same
 * prices, the same addresses and shipping, in the same region, sales channel and currency, for the
 * same customer. Amounts are decimal strings (JSON has no decimals).
 */
export interface SubscriptionSnapshot {
  cart_id: string
  region_id: string | null
  sales_channel_id: string | null
  customer_id: string | null
  email: string | null
  currency_code: string
  locale: string | null
  shipping_address: Address | null
  billing_address: Address | null
  items: {
    variant_id: string
    quantity: number
    unit_price: string
    is_tax_inclusive: boolean
    title: string
    metadata: Record<string, unknown> | null
  }[]
  shipping_methods: {
    name: string
    description: string | null
    amount: string
    is_tax_inclusive: boolean
    shipping_option_id: string | null
    data: Record<string, unknown> | null
    metadata: Record<string, unknown> | null
  }[]
  /** The subscription payment provider the checkout used; renewals are paid through it too. */
  provider_id: string
}

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
  "metadata",
] as const

function address(a: Record<string, unknown> | null | undefined): Address | null {
  if (!a) return null
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f] ?? null])) as Address
}

/** A money value as a decimal string, from its raw form when the query gives one. */
function decimal(raw: unknown, value: unknown): string {
  const fromRaw = (raw as { value?: unknown } | null | undefined)?.value
  return String(fromRaw ?? value ?? 0)
}

export async function cartSnapshot(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
  providerId: string,
): Promise<SubscriptionSnapshot> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "region_id",
      "sales_channel_id",
      "customer_id",
      "email",
      "currency_code",
      "locale",
      "shipping_address.*",
      "billing_address.*",
      "items.variant_id",
      "items.quantity",
      "items.unit_price",
      "items.raw_unit_price",
      "items.is_tax_inclusive",
      "items.title",
      "items.metadata",
      "shipping_methods.name",
      "shipping_methods.description",
      "shipping_methods.amount",
      "shipping_methods.raw_amount",
      "shipping_methods.is_tax_inclusive",
      "shipping_methods.shipping_option_id",
      "shipping_methods.data",
      "shipping_methods.metadata",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as unknown as Record<string, unknown> | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
  const items = (cart.items ?? []) as Record<string, unknown>[]
  const methods = (cart.shipping_methods ?? []) as Record<string, unknown>[]
  return {
    cart_id: cartId,
    region_id: (cart.region_id as string) ?? null,
    sales_channel_id: (cart.sales_channel_id as string) ?? null,
    customer_id: (cart.customer_id as string) ?? null,
    email: (cart.email as string) ?? null,
    currency_code: cart.currency_code as string,
    locale: (cart.locale as string) ?? null,
    shipping_address: address(cart.shipping_address as Record<string, unknown>),
    billing_address: address(cart.billing_address as Record<string, unknown>),
    items: items.map((i) => ({
      variant_id: i.variant_id as string,
      quantity: Number(i.quantity),
      unit_price: decimal(i.raw_unit_price, i.unit_price),
      is_tax_inclusive: !!i.is_tax_inclusive,
      title: i.title as string,
      metadata: (i.metadata as Record<string, unknown>) ?? null,
    })),
    shipping_methods: methods.map((m) => ({
      name: m.name as string,
      description: (m.description as string) ?? null,
      amount: decimal(m.raw_amount, m.amount),
      is_tax_inclusive: !!m.is_tax_inclusive,
      shipping_option_id: (m.shipping_option_id as string) ?? null,
      data: (m.data as Record<string, unknown>) ?? null,
      metadata: (m.metadata as Record<string, unknown>) ?? null,
    })),
    provider_id: providerId,
  }
}

/** The input of Medusa's createOrderWorkflow for one renewal of a snapshot. */
export function renewalOrderInput(
  s: SubscriptionSnapshot,
  refs: { subscription_id: string; platega_subscription_id: string; charge_id: string },
): CreateOrderDTO {
  const addr = (a: Address | null) =>
    a ? (Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)) as Address) : undefined
  return {
    region_id: s.region_id ?? undefined,
    sales_channel_id: s.sales_channel_id ?? undefined,
    customer_id: s.customer_id ?? undefined,
    email: s.email ?? undefined,
    currency_code: s.currency_code,
    locale: s.locale,
    shipping_address: addr(s.shipping_address) as CreateOrderDTO["shipping_address"],
    billing_address: addr(s.billing_address) as CreateOrderDTO["billing_address"],
    items: s.items.map((i) => ({
      variant_id: i.variant_id,
      quantity: i.quantity,
      unit_price: i.unit_price,
      is_tax_inclusive: i.is_tax_inclusive,
      title: i.title,
      metadata: i.metadata ?? undefined,
    })),
    shipping_methods: s.shipping_methods.map((m) => ({
      name: m.name,
      description: m.description ?? undefined,
      amount: m.amount,
      is_tax_inclusive: m.is_tax_inclusive,
      shipping_option_id: m.shipping_option_id ?? undefined,
      data: m.data ?? undefined,
      metadata: m.metadata ?? undefined,
    })),
    promo_codes: [],
    metadata: { platega_subscription: refs },
  } as CreateOrderDTO
}
