// Framework-free: works in any browser code (and on a server, except goToPayerPage).
export {
  PLATEGA_IDENTIFIERS,
  isPlatega,
  plategaMethodOf,
  plategaProviderId,
  type PlategaMethod,
} from "./core/providers.js"
export type {
  MedusaSdk,
  PlategaCart,
  PlategaOrder,
  PlategaPaymentSession,
  SdkCall,
} from "./core/medusa.js"
export {
  goToPayerPage,
  payWithPlatega,
  startPlategaPayment,
  type StartPlategaPaymentInput,
  type StartedPlategaPayment,
} from "./core/start-payment.js"
export {
  completePlategaCart,
  finishPlategaPayment,
  plategaSessionOf,
  watchPlategaPayment,
  type CartCall,
  type FinishPlategaPaymentInput,
  type PlategaPaymentOutcome,
  type WatchPlategaPaymentInput,
} from "./core/finish-payment.js"
export {
  getPlategaPaymentCollection,
  isSettled,
  payPlategaPaymentCollection,
  waitForPlategaPaymentCollection,
  type PayPaymentCollectionInput,
  type PaymentCollectionCall,
  type PlategaPaymentCollection,
  type PlategaPaymentLink,
  type PlategaPaymentLinkStart,
  type WaitForPaymentCollectionInput,
} from "./core/payment-collection.js"
export { isMobileDevice } from "./core/device.js"
export {
  countryPrefixOf,
  plategaStoreUrl,
  resolvePlategaUrl,
  type PlategaStoreUrlOptions,
  type PlategaUrl,
} from "./core/store-url.js"
export {
  getPlategaMethodTitles,
  plategaMethodInfo,
  plategaMethodsInfo,
  type PlategaMethodInfo,
  type PlategaMethodInfoOptions,
} from "./core/method-info.js"
export { plategaProvidersForCart, type PlategaProvidersForCartInput } from "./core/cart-methods.js"
export { PLATEGA_TEXTS, plategaTexts, type PlategaLocale, type PlategaTexts } from "./core/texts.js"
