import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

import type {
  LinkStatus,
  OrderLinks,
  OrderPlategaTransaction,
  PaymentLinkView,
} from "../../modules/platega/payment-links"

export type { LinkStatus, OrderLinks }
export type PaymentLink = PaymentLinkView
export type OrderTransaction = OrderPlategaTransaction

// The order page's Platega links: what the order still needs, its links and every Platega
// transaction, and the two writes (a link, an e-mail).

const key = (orderId: string) => ["platega", "order-links", orderId] as const

export const useOrderLinks = (orderId: string) =>
  useQuery({
    queryKey: key(orderId),
    queryFn: () => sdk.client.fetch<OrderLinks>(`/admin/platega/orders/${orderId}/payment-links`),
    // A link being paid changes on its own: look again now and then while one is live.
    refetchInterval: (q) =>
      q.state.data?.links.some((l) => l.status === "pending") ? 5_000 : false,
  })

export const useCreateLink = (orderId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { replace?: boolean; amount?: string }) =>
      sdk.client.fetch<{ link: PaymentLink; created: boolean }>(
        `/admin/platega/orders/${orderId}/payment-links`,
        { method: "POST", body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key(orderId) }),
  })
}

export const useSendLink = (orderId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; email?: string; locale: "en" | "ru" }) =>
      sdk.client.fetch<{ link: PaymentLink }>(`/admin/platega/payment-links/${id}/send`, {
        method: "POST",
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(orderId) }),
  })
}
