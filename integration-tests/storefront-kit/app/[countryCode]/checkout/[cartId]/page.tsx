import { Checkout } from "./checkout"

export default async function CheckoutPage(props: {
  params: Promise<{ countryCode: string; cartId: string }>
  searchParams: Promise<{ sbp?: string }>
}) {
  const [params, searchParams] = await Promise.all([props.params, props.searchParams])
  return (
    <Checkout
      countryCode={params.countryCode}
      cartId={params.cartId}
      sbp={searchParams.sbp === "redirect" ? "redirect" : "inline"}
    />
  )
}
