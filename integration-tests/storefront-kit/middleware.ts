import { NextResponse, type NextRequest } from "next/server"

// Routes by country as Medusa's DTC starter does: a path without one gets the store's default.
const DEFAULT_COUNTRY = "dk"

export function middleware(request: NextRequest) {
  const first = request.nextUrl.pathname.split("/")[1] ?? ""
  if (/^[a-z]{2}$/.test(first)) return NextResponse.next()
  const url = request.nextUrl.clone()
  url.pathname = `/${DEFAULT_COUNTRY}${request.nextUrl.pathname}`
  return NextResponse.redirect(url, 307)
}

export const config = { matcher: ["/((?!medusa|_next|favicon.ico).*)"] }
