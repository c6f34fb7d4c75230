import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { CALLBACK_OUTCOMES } from "../../modules/platega/callback-outcome"
import type { AdminTransaction } from "../../api/admin/platega/transactions/types"
import { sdk } from "./sdk"

/** The admin API's shapes (src/api/admin/platega/transactions). Dates are ISO strings. */
export type {
  AdminCallback,
  AdminCase,
  AdminTransaction,
} from "../../api/admin/platega/transactions/types"
export type { CaseKind } from "../../modules/platega/flagged-cases"

export interface Recheck {
  transaction_id: string
  /** What the transaction is to the store: checkout, link, subscription_checkout, … */
  kind: string
  platega_status: string | null
  outcome: string
  detail: string
  order_id: string | null
  order_display_id: number | null
  checked_at: string
}

export interface CancelSupported {
  supported: boolean
  totalDeductUsdt?: number
  penaltyUsdt?: number
  penaltyNativeAmount?: number
  penaltyNativeCurrency?: string
  blockReason?: string | null
}

export interface TransactionsQuery {
  limit: number
  offset: number
  status?: string[]
  outcome?: string[]
  method?: string[]
  attention?: "open" | "resolved" | "any"
  q?: string
  created_at_from?: string
  created_at_to?: string
}

export const PLATEGA_STATUSES = ["PENDING", "CONFIRMED", "CANCELED", "CHARGEBACKED"]
export const METHODS = ["sbp", "card", "subscription", "link"]
export const OUTCOMES = CALLBACK_OUTCOMES

export const STATUS_COLOR: Record<string, "green" | "orange" | "red" | "grey" | "blue"> = {
  CONFIRMED: "green",
  PENDING: "blue",
  CANCELED: "grey",
  CHARGEBACKED: "red",
}

export const OUTCOME_COLOR: Record<string, "green" | "orange" | "red" | "grey" | "blue"> = {
  captured: "green",
  refunded: "grey",
  recorded: "grey",
  ignored: "grey",
  flagged: "red",
  failed: "orange",
  pending: "blue",
  unconfirmed: "orange",
}

const KEY = ["platega", "transactions"]

export function useTransactions(query: TransactionsQuery) {
  return useQuery({
    queryKey: [...KEY, "list", query],
    queryFn: () =>
      sdk.client.fetch<{
        transactions: AdminTransaction[]
        count: number
        needs_attention: number
        truncated: boolean
      }>("/admin/platega/transactions", { query: { ...query } }),
    placeholderData: keepPreviousData,
  })
}

/** The cases still open, however old (the "Needs attention" section). */
export function useOpenCases() {
  return useTransactions({ limit: 50, offset: 0, attention: "open" })
}

export function useRecheck(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ recheck: Recheck }>(`/admin/platega/transactions/${id}/recheck`, {
        method: "POST",
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

export function useCancelSupported(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, "cancel-supported", id],
    queryFn: () =>
      sdk.client.fetch<{ cancel_supported: CancelSupported }>(
        `/admin/platega/transactions/${id}/cancel-supported`,
      ),
    enabled,
    staleTime: 0,
  })
}

export function useSettleCase(transactionId: string, caseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, note }: { action: "refund" | "resolve"; note?: string }) =>
      sdk.client.fetch<{ resolution: unknown }>(
        `/admin/platega/transactions/${transactionId}/cases/${caseId}/${action}`,
        { method: "POST", body: note ? { note } : {} },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}
