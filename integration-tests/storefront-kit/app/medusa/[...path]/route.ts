// The store's Medusa, on this site's own origin: the browser calls /medusa/store/..., this route
// passes it on with the publishable key. (A real storefront calls Medusa directly, with Medusa's
// STORE_CORS listing it; here Medusa is the shared test demo, whose CORS names its own storefront.)
import type { NextRequest } from "next/server"

export const dynamic = "force-dynamic"

async function pass(req: NextRequest, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params
  const backend = process.env.MEDUSA_BACKEND_URL
  const key = process.env.MEDUSA_PUBLISHABLE_KEY
  if (!backend || !key)
    return new Response("MEDUSA_BACKEND_URL and MEDUSA_PUBLISHABLE_KEY must be set", {
      status: 500,
    })
  const target = new URL(`/${path.join("/")}${req.nextUrl.search}`, backend)
  const headers = new Headers({ "x-publishable-api-key": key })
  for (const name of ["content-type", "authorization", "accept"]) {
    const value = req.headers.get(name)
    if (value) headers.set(name, value)
  }
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.text()
  const res = await fetch(target, { method: req.method, headers, body, cache: "no-store" })
  return new Response(await res.arrayBuffer(), {
    status: res.status,
    headers: { "content-type": res.headers.get("content-type") ?? "application/json" },
  })
}

export { pass as GET, pass as POST, pass as DELETE }
