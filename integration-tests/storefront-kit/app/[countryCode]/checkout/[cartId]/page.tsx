import { Checkout } from "./checkout"

export default function CheckoutPage({
  params,
  searchParams,
}: {
  params: { cartId: string }
  searchParams: { sbp?: string }
}) {
  return (
    <Checkout
      cartId={params.cartId}
      sbp={searchParams.sbp === "redirect" ? "redirect" : "inline"}
    />
  )
}
