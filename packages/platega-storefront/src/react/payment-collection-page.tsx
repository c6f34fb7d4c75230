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
import { formatMoney, useTexts, type TextProps } from "./use-texts.js"

export interface PlategaPaymentCollectionPageProps extends SdkCall, TextProps {
  /**
   * The payment collection's id; default: the `[id]` of the page's own address, Medusa's
   * `…/payment-collection/[id]` link.
   */
  id?: string
  className?: string
}

/**
 * The page of Medusa's "Copy payment link" (`{storefront}/payment-collection/{id}`): what is owed,
 * a Pay button that sends the payer to a Platega payment link for exactly that, and on the way
 * back the payment's confirmation.
 */
export function PlategaPaymentCollectionPage(props: PlategaPaymentCollectionPageProps) {
  const { sdk, headers, className } = props
  const id = props.id ?? collectionIdInPath()
  const t = useTexts(props)
  const [collection, setCollection] = useState<PlategaPaymentCollection | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(true)

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!id) return setError("the address names no payment collection")
      setBusy(true)
      setError(undefined)
      try {
        const back = new URLSearchParams(window.location.search).get("platega") === "return"
        const next = back
          ? await waitForPlategaPaymentCollection({ sdk, headers, id, signal })
          : await getPlategaPaymentCollection({ sdk, headers, id })
        if (!signal?.aborted) setCollection(next)
      } catch (e) {
        if (!signal?.aborted) setError(messageOf(e))
      } finally {
        if (!signal?.aborted) setBusy(false)
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
  return (
    <div className={className} data-testid="platega-payment-collection">
      {collection ? (
        <p data-testid="platega-amount-due">
          {t.amountDue}:{" "}
          {formatMoney(
            settled ? collection.amount : collection.outstanding_amount,
            collection.currency_code,
            props.locale,
          )}
        </p>
      ) : null}
      {settled ? (
        <p role="status" data-testid="platega-paid">
          {collection?.link?.status === "paid" ? t.paid : t.nothingDue}
        </p>
      ) : collection ? (
        <>
          {collection.link?.status === "pending" && collection.link.expires_at ? (
            <p>{t.linkExpires(new Date(collection.link.expires_at).toLocaleString())}</p>
          ) : null}
          <button type="button" onClick={pay} disabled={busy} data-testid="platega-pay-button">
            {busy ? t.starting : t.pay}
          </button>
        </>
      ) : busy ? (
        <p role="status">{t.confirming}</p>
      ) : null}
      {error ? (
        <p role="alert">
          {t.error}: {error}
        </p>
      ) : null}
    </div>
  )
}

/** `pay_col_…` from `/…/payment-collection/pay_col_…` (in a browser). */
function collectionIdInPath(): string | undefined {
  if (typeof window === "undefined") return undefined
  const m = /\/payment-collection\/([^/?#]+)/.exec(window.location.pathname)
  return m ? decodeURIComponent(m[1]) : undefined
}
