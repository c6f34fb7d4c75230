import { Return } from "./return"

export default function ReturnPage({ searchParams }: { searchParams: { cart_id?: string } }) {
  return (
    <main>
      <Return retryHref={searchParams.cart_id ? `/checkout/${searchParams.cart_id}` : undefined} />
    </main>
  )
}
