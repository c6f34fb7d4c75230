import type { SavedCard } from "./types"

// Saved payout cards every sandbox starts with (fixed ids, so tests and docs can name them).
export const SEED_CARDS: readonly SavedCard[] = Object.freeze([
  {
    cardId: "c0a80101-0000-4000-8000-000000000001",
    masked: "220070******4242",
    last4: "4242",
    brand: "MIR",
    label: "Main card",
    status: "ACTIVE",
  },
  {
    cardId: "c0a80101-0000-4000-8000-000000000002",
    masked: "427600******1234",
    last4: "1234",
    brand: "VISA",
    label: "",
    status: "ACTIVE",
  },
  {
    cardId: "c0a80101-0000-4000-8000-000000000003",
    masked: "510000******5678",
    last4: "5678",
    brand: "MASTERCARD",
    label: "Old card",
    status: "DISABLED",
  },
  {
    cardId: "c0a80101-0000-4000-8000-000000000004",
    masked: "220220******4321",
    last4: "4321",
    brand: "MIR",
    label: "Awaiting verification",
    status: "PENDING",
  },
] satisfies SavedCard[])

export class CardStore {
  private cards: SavedCard[] = []

  constructor() {
    this.reset()
  }

  reset(): void {
    this.cards = SEED_CARDS.map((c) => ({ ...c }))
  }

  list(onlyActive: boolean): SavedCard[] {
    return this.cards.filter((c) => !onlyActive || c.status === "ACTIVE").map((c) => ({ ...c }))
  }

  get(cardId: string): SavedCard | undefined {
    return this.cards.find((c) => c.cardId.toLowerCase() === cardId.toLowerCase())
  }
}
