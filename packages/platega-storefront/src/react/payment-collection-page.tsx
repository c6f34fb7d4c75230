"use client"
import { KitButton, partLook, type LookProps } from "./look.js"
import {
  usePlategaPaymentCollection,
  type UsePlategaPaymentCollectionInput,
} from "./use-payment-collection.js"
import { formatMoney, useTexts, type TextProps } from "./use-texts.js"

export interface PlategaPaymentCollectionPageProps
  extends UsePlategaPaymentCollectionInput, TextProps, LookProps {
  /** The card's class (the same as `classNames.root`). */
  className?: string
}

/**
 * The page of Medusa's "Copy payment link" (`{storefront}/payment-collection/{id}`): what is owed,
 * a Pay button that sends the payer to a Platega payment link for exactly that, and on the way
 * back the payment's confirmation.
 */
export function PlategaPaymentCollectionPage(props: PlategaPaymentCollectionPageProps) {
  const t = useTexts(props)
  const { collection, settled, busy, error, pay } = usePlategaPaymentCollection(props)
  const look: LookProps = { ...props, classNames: { root: props.className, ...props.classNames } }
  return (
    <div data-testid="platega-payment-collection" {...partLook(look, "root")}>
      {collection ? (
        <p data-testid="platega-amount-due" {...partLook(look, "amount")}>
          {settled ? t.amount : t.amountDue}:{" "}
          {formatMoney(
            settled ? collection.amount : collection.outstanding_amount,
            collection.currency_code,
            props.locale,
          )}
        </p>
      ) : null}
      {settled ? (
        <p role="status" data-testid="platega-paid" {...partLook(look, "status")}>
          {collection?.link?.status === "paid" ? t.paid : t.nothingDue}
        </p>
      ) : collection ? (
        <>
          {collection.link?.status === "pending" && collection.link.expires_at ? (
            <p {...partLook(look, "caption")}>
              {t.linkExpires(new Date(collection.link.expires_at).toLocaleString())}
            </p>
          ) : null}
          <KitButton
            look={look}
            variant="primary"
            onClick={() => void pay()}
            disabled={busy}
            loading={busy}
            data-testid="platega-pay-button"
          >
            {busy ? t.starting : t.pay}
          </KitButton>
        </>
      ) : busy ? (
        <p role="status" {...partLook(look, "status")}>
          {t.confirming}
        </p>
      ) : null}
      {error ? (
        <p role="alert" {...partLook(look, "error")}>
          {t.error}: {error}
        </p>
      ) : null}
    </div>
  )
}
