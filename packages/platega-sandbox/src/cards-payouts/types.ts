// Public types of saved cards and payouts (re-exported by the package root).

export interface SavedCard {
  cardId: string
  masked: string
  last4: string
  brand: string
  label: string
  status: "ACTIVE" | "DISABLED" | "PENDING"
}

export interface PayoutRecord {
  withdrawalRecordId: string
  status: "CREATED"
  cardMasked: string
  cardId: string | null
  amountRub: number
  feeRub: number
  amountUsdtDebited: number
  idempotencyKey: string
  createdAt: string
}
