// React components for the Next.js App Router (each a client component), and the hooks behind
// them for a store that draws its own.
export { PlategaPayButton, type PlategaPayButtonProps } from "./pay-button.js"
export { PlategaSbpQr, type PlategaSbpQrProps } from "./sbp-qr.js"
export { PlategaReturnPage, type PlategaReturnPageProps } from "./return-page.js"
export {
  PlategaPaymentCollectionPage,
  type PlategaPaymentCollectionPageProps,
} from "./payment-collection-page.js"
export { PlategaMethodIcon, withPlategaPaymentInfo, type PaymentInfo } from "./payment-info.js"
export { usePlategaPay, type PlategaPayState, type UsePlategaPayInput } from "./use-platega-pay.js"
export {
  usePlategaSbpWatch,
  type PlategaSbpWatchState,
  type UsePlategaSbpWatchInput,
} from "./use-sbp-watch.js"
export {
  usePlategaReturn,
  type PlategaReturnState,
  type PlategaReturnView,
  type UsePlategaReturnInput,
} from "./use-platega-return.js"
export {
  usePlategaPaymentCollection,
  type PlategaPaymentCollectionState,
  type UsePlategaPaymentCollectionInput,
} from "./use-payment-collection.js"
export type { LookProps, PlategaButtonProps, PlategaClassNames } from "./look.js"
export type { TextProps } from "./use-texts.js"
