import { Return } from "./return"

export default function ReturnPage({
  params,
  searchParams,
}: {
  params: { countryCode: string }
  searchParams: { cart_id?: string }
}) {
  return (
    <main>
      <Return countryCode={params.countryCode} cartId={searchParams.cart_id} />
    </main>
  )
}
