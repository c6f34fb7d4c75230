"use client"
import Medusa from "@medusajs/js-sdk"
import type { MedusaSdk } from "medusa-payment-platega-storefront"

let instance: Medusa | undefined

/** The js-sdk, in the browser, talking to Medusa through this site's /medusa route. */
export function storeSdk(): Medusa {
  instance ??= new Medusa({ baseUrl: `${window.location.origin}/medusa` })
  return instance
}

/** For the kit's components: rendered on the server too, they only call it in the browser. */
export const sdk: MedusaSdk = {
  client: {
    fetch: (input, init) => storeSdk().client.fetch(input, init),
  },
}
