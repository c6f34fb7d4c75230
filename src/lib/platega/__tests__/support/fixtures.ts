/** Credentials used by tests that talk to a fake server. Distinctive so leaks are easy to find. */
export const MERCHANT_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
export const SECRET = "sk_test_SUPER-SECRET-merchant-value-0xDEADBEEF"
export const PAYOUT_KEY = "pk_test_PAYOUT-KEY-value-0xFEEDFACE"
export const TX_ID = "0b5c5e2a-7d8e-4c1f-9a3b-2f1d0e9c8b7a"
export const SUB_ID = "6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d"
export const CARD_ID = "9e8d7c6b-5a49-4382-a716-253443526170"

export const createTransactionBody = {
  paymentMethod: 2,
  paymentDetails: { amount: 1500, currency: "RUB" },
  description: "Order #1",
  return: "https://shop.example/ok",
  failedUrl: "https://shop.example/fail",
  payload: "sess_1",
}

export const createTransactionAnswer = {
  paymentMethod: "SBPQR",
  transactionId: TX_ID,
  redirect: "https://pay.platega.io/?id=" + TX_ID,
  return: "https://shop.example/ok",
  paymentDetails: "1500 RUB",
  status: "PENDING",
  expiresIn: "00:30:00",
  merchantId: MERCHANT_ID,
  usdtRate: 95.5,
}

export const balancesAnswer = [{ amount: 100.5, currency: "RUB", frozenBalance: 0 }]

/** GET /transaction/{id} of a pending payment. */
export const statusAnswer = {
  id: TX_ID,
  status: "PENDING",
  paymentDetails: { amount: 1500, currency: "RUB" },
}
