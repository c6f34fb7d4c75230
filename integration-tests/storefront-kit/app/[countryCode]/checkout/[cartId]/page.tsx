import { Checkout } from "./checkout"

export default function CheckoutPage({
  params,
  searchParams,
}: {
  params: { countryCode: string; cartId: string }
  searchParams: { sbp?: string }
}) {
  return (
    <Checkout
      countryCode={params.countryCode}
      cartId={params.cartId}
      sbp={searchParams.sbp === "redirect" ? "redirect" : "inline"}
    />
  )
}
