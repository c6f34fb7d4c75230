"use client"
import { useCallback, useEffect, useState } from "react"
import { messageOf, type SdkCall } from "../core/medusa.js"
import {
  getPlategaPaymentCollection,
  isSettled,
  payPlategaPaymentCollection,
  waitForPlategaPaymentCollection,
  type PlategaPaymentCollection,
} from "../core/payment-collection.js"

export interface UsePlategaPaymentCollectionInput extends SdkCall {
  /** The payment collection's id; default: the `[id]` of `…/payment-collection/[id]` in the address. */
  id?: string
}

export interface PlategaPaymentCollectionState {
  id?: string
  collection?: PlategaPaymentCollection
  /** Nothing is owed any more. */
  settled: boolean
  busy: boolean
  error?: string
  /** Sends the payer to a Platega payment link for what is owed; they come back to this page. */
  pay: () => Promise<void>
}

/**
 * The page of Medusa's "Copy payment link", for a store drawing its own: what is owed, and on the
 * way back from Platega (`?platega=return`) the wait for the payment's confirmation.
 */
export function usePlategaPaymentCollection(
  input: UsePlategaPaymentCollectionInput,
): PlategaPaymentCollectionState {
  const { sdk, headers } = input
  const id = input.id ?? collectionIdInPath()
  const [collection, setCollection] = useState<PlategaPaymentCollection | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(true)

  const load = useCallback(
    async (signal: AbortSignal) => {
      if (!id) return setError("the address names no payment collection")
      setBusy(true)
      setError(undefined)
      try {
        const back = new URLSearchParams(window.location.search).get("platega") === "return"
        const next = back
          ? await waitForPlategaPaymentCollection({ sdk, headers, id, signal })
          : await getPlategaPaymentCollection({ sdk, headers, id })
        if (!signal.aborted) setCollection(next)
      } catch (e) {
        if (!signal.aborted) setError(messageOf(e))
      } finally {
        if (!signal.aborted) setBusy(false)
      }
    },
    [sdk, headers, id],
  )

  useEffect(() => {
    const controller = new AbortController()
    void load(controller.signal)
    return () => controller.abort()
  }, [load])

  async function pay() {
    if (!id) return
    setBusy(true)
    setError(undefined)
    try {
      // This very page (its country kept), without the previous return's marker.
      const here = new URL(window.location.href)
      here.searchParams.delete("platega")
      const link = await payPlategaPaymentCollection({ sdk, headers, id, returnUrl: here.href })
      window.location.assign(link.url)
    } catch (e) {
      setError(messageOf(e))
      setBusy(false)
    }
  }

  const settled = collection ? isSettled(collection) : false
  return { id, collection, settled, busy, error, pay }
}

/** `pay_col_…` from `/…/payment-collection/pay_col_…` (in a browser). */
function collectionIdInPath(): string | undefined {
  if (typeof window === "undefined") return undefined
  const m = /\/payment-collection\/([^/?#]+)/.exec(window.location.pathname)
  return m ? decodeURIComponent(m[1]) : undefined
}
