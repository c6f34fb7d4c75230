/** A saved payout card as the admin API shows it (GET /admin/platega/cards). */
export interface AdminPlategaCard {
  id: string
  masked: string
  last4: string
  brand: string | null
  label: string | null
  /** ACTIVE, DISABLED, PENDING (or whatever new status Platega reports). */
  status: string
}
