import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

/** The admin API's shapes (src/api/admin/platega/subscriptions). Dates are ISO strings. */
export interface AdminSubscription {
  id: string
  platega_id: string
  status: string
  interval: "day" | "week" | "month" | "year"
  interval_count: number
  amount: number
  currency_code: string
  started_at: string | null
  next_charge_at: string | null
  last_charge_at: string | null
  cancelled_at: string | null
  cancelled_by: "admin" | "customer" | "platega" | "store" | null
  customer_id: string | null
  customer_email: string | null
  customer: {
    id: string
    email: string
    first_name: string | null
    last_name: string | null
  } | null
  first_order_id: string | null
  charges_count: number
  attention: string | null
  product_title: string | null
  created_at: string
}

export interface AdminCharge {
  id: string
  platega_id: string
  status: string
  kind: "first" | "renewal" | null
  amount: number
  currency_code: string
  charged_at: string | null
  order_id: string | null
  order_display_id: number | null
  error: string | null
}

export type AdminSubscriptionDetail = AdminSubscription & {
  charges: AdminCharge[]
  cancel_response: Record<string, unknown> | null
}

export interface LiveSubscription {
  status: string | number
  next_charge_at: string | null
  last_charge_at: string | null
  charge_metrics: Record<string, unknown> | null
}

export interface ListQuery {
  limit: number
  offset: number
  status?: string[]
  customer_id?: string
  q?: string
  created_at_from?: string
  created_at_to?: string
  order?: "next_charge_at" | "-next_charge_at" | "created_at" | "-created_at"
}

/** Statuses that stop the charges for good. */
export const FINAL_STATUSES = ["Cancelled", "Failed"]
export const KNOWN_STATUSES = ["PendingAgreement", "Active", "PastDue", "Cancelled", "Failed"]

export const STATUS_COLOR: Record<string, "green" | "orange" | "red" | "grey" | "blue"> = {
  Active: "green",
  PendingAgreement: "blue",
  PastDue: "orange",
  Cancelled: "grey",
  Failed: "red",
}

const KEY = ["platega", "subscriptions"]

export function useSubscriptions(query: ListQuery) {
  return useQuery({
    queryKey: [...KEY, "list", query],
    queryFn: () =>
      sdk.client.fetch<{ subscriptions: AdminSubscription[]; count: number }>(
        "/admin/platega/subscriptions",
        { query: { ...query } },
      ),
    placeholderData: keepPreviousData,
  })
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: [...KEY, "detail", id],
    queryFn: () =>
      sdk.client.fetch<{
        subscription: AdminSubscriptionDetail
        live: LiveSubscription | null
        live_error: { message: string; code?: string; trace_id?: string } | null
      }>(`/admin/platega/subscriptions/${id}`),
  })
}

export function useOrderSubscription(orderId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...KEY, "order", orderId],
    queryFn: () =>
      sdk.client.fetch<{
        subscription: AdminSubscription | null
        charge: {
          kind: "first" | "renewal" | null
          platega_id: string | null
          status: string | null
        } | null
      }>(`/admin/platega/orders/${orderId}/subscription`),
  })
}

export function useCancelSubscription(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ subscription: AdminSubscriptionDetail }>(
        `/admin/platega/subscriptions/${id}/cancel`,
        { method: "POST", body: {} },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
