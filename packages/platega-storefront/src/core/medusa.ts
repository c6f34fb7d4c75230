/**
 * The part of `@medusajs/js-sdk` the kit uses: `sdk.client.fetch`, so any 2.x `Medusa` instance
 * (or a wrapper adding headers, as Medusa's starters do) can be passed as it is.
 */
export interface MedusaSdk {
  client: {
    fetch<T>(
      input: string,
      init?: {
        method?: string
        body?: Record<string, unknown>
        query?: Record<string, unknown>
        headers?: Record<string, string>
      },
    ): Promise<T>
  }
}

/** What every kit call takes besides its own input. */
export interface SdkCall {
  sdk: MedusaSdk
  /** Extra headers, e.g. a logged-in customer's `authorization`. */
  headers?: Record<string, string>
}

/** The fields of a Medusa store payment session the kit reads. */
export interface PlategaPaymentSession {
  id: string
  provider_id: string
  status: string
  amount?: number | string
  currency_code?: string
  data?: Record<string, unknown>
}

/** The fields of a Medusa store cart the kit reads. */
export interface PlategaCart {
  id: string
  completed_at?: string | Date | null
  payment_collection?: { id: string; payment_sessions?: PlategaPaymentSession[] | null } | null
}

/** The fields of a Medusa store order the kit reads (the whole order is passed on). */
export interface PlategaOrder {
  id: string
  display_id?: number
  total?: number | string
  currency_code?: string
  shipping_address?: { country_code?: string | null } | null
  [key: string]: unknown
}

/** The HTTP status of an error thrown by the js-sdk (FetchError), when it has one. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
