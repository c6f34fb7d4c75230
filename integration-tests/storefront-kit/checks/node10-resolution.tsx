// Medusa's DTC starter resolves modules the "node" way (TypeScript's node10), which ignores a
// package's `exports`: the kit's `/react` entry must still have its types there (typesVersions).
import { isPlatega, plategaStoreUrl } from "medusa-payment-platega-storefront"
import { PlategaPayButton, type LookProps } from "medusa-payment-platega-storefront/react"

export const look: LookProps = {
  renderButton: ({ loading, variant, ...button }) => (
    <button {...button} data-loading={loading} data-variant={variant} />
  ),
}

export const used = [isPlatega, plategaStoreUrl, PlategaPayButton]
