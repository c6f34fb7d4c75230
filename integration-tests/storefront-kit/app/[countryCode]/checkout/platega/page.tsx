import { Return } from "./return"

export default async function ReturnPage(props: {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}) {
  const [params, searchParams] = await Promise.all([props.params, props.searchParams])
  return (
    <main>
      <Return countryCode={params.countryCode} cartId={searchParams.cart_id} />
    </main>
  )
}
