// React components for the Next.js App Router (each a client component).
export { PlategaPayButton, type PlategaPayButtonProps } from "./pay-button.js"
export { PlategaSbpQr, type PlategaSbpQrProps } from "./sbp-qr.js"
export { PlategaReturnPage, type PlategaReturnPageProps } from "./return-page.js"
export {
  PlategaPaymentCollectionPage,
  type PlategaPaymentCollectionPageProps,
} from "./payment-collection-page.js"
export type { TextProps } from "./use-texts.js"
