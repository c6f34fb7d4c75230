import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../../api/sdk"
import type { CallbackCheck } from "../../../../api/admin/platega/settings/callback-check"

export type { CallbackCheck }

/** Whether Platega will accept the store's callback URL (GET /admin/platega/settings/callback-check). */
export function useCallbackCheck() {
  return useQuery({
    queryKey: ["platega", "settings", "callback-check"],
    queryFn: () =>
      sdk.client.fetch<{ url: string; check: CallbackCheck }>(
        "/admin/platega/settings/callback-check",
      ),
    // A DNS lookup and a TLS handshake: not on every focus of the window.
    staleTime: 5 * 60_000,
    retry: false,
  })
}
