import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type { AdminPlategaCard } from "../../api/admin/platega/cards/types"

// The money area's data: Platega balances and saved cards (read through), the payout history, and
// the two writes (a payout with its Idempotency-Key, a re-check).

export type Balance = { currency_code: string; amount: number; frozen: number }
export type SavedCard = AdminPlategaCard
export type PayoutStatus = "pending" | "created" | "failed" | "unknown"
export type Payout = {
  id: string
  idempotency_key: string
  status: PayoutStatus
  amount: number
  card_id: string | null
  card_masked: string
  card_source: "saved" | "typed"
  withdrawal_record_id: string | null
  amount_usdt_debited: number | null
  error: { code: string | null; message: string; trace_id: string | null } | null
  requested_by: { id: string | null; email: string | null }
  created_at: string
}
type PayoutList = {
  payouts: Payout[]
  count: number
  limit: number
  offset: number
  payout_key_configured: boolean
  amount_limits: { min: number; max: number }
}
export type PayoutRequest = { amount: number } & (
  { card_id: string; card_number?: never } | { card_number: string; card_id?: never }
)

const keys = {
  balances: ["platega", "balances"] as const,
  cards: (onlyActive: boolean) => ["platega", "cards", { onlyActive }] as const,
  payouts: (limit: number, offset: number) => ["platega", "payouts", { limit, offset }] as const,
}

export const useBalances = () =>
  useQuery({
    queryKey: keys.balances,
    queryFn: () => sdk.client.fetch<{ balances: Balance[] }>("/admin/platega/balances"),
  })

export const useSavedCards = (onlyActive: boolean, enabled = true) =>
  useQuery({
    queryKey: keys.cards(onlyActive),
    queryFn: () =>
      sdk.client.fetch<{ cards: SavedCard[] }>("/admin/platega/cards", {
        query: { only_active: String(onlyActive) },
      }),
    enabled,
  })

export const usePayouts = ({ limit, offset }: { limit: number; offset: number }) =>
  useQuery({
    queryKey: keys.payouts(limit, offset),
    queryFn: () =>
      sdk.client.fetch<PayoutList>("/admin/platega/payouts", { query: { limit, offset } }),
    placeholderData: keepPreviousData,
  })

/** After money moved (or may have): balances and the history are read again. */
function useRefreshMoney() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.balances }),
      client.invalidateQueries({ queryKey: ["platega", "payouts"] }),
    ])
}

/** POST /admin/platega/payouts; the key belongs to the form, so a retry of the form is harmless. */
export const useCreatePayout = () => {
  const refresh = useRefreshMoney()
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: PayoutRequest }) =>
      sdk.client.fetch<{ payout: Payout }>("/admin/platega/payouts", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        body,
      }),
    onSettled: refresh,
  })
}

export const useRecheckPayout = () => {
  const refresh = useRefreshMoney()
  return useMutation({
    mutationFn: ({ id, card_number }: { id: string; card_number?: string }) =>
      sdk.client.fetch<{ payout: Payout; resent: boolean }>(
        `/admin/platega/payouts/${id}/recheck`,
        { method: "POST", body: card_number ? { card_number } : {} },
      ),
    onSettled: refresh,
  })
}
