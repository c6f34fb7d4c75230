// The merchant's side: the admin API (exact counts) and the admin dashboard (what a person sees).
import type { Page } from "playwright-core"
import { ADMIN } from "../../../demo/seed-data"
import { screenshot } from "./browser"

export type AdminOrder = {
  id: string
  display_id: number
  email: string
  total: number
  status: string
  payment_status: string
}

export async function adminToken(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  if (!res.ok) throw new Error(`admin login: HTTP ${res.status} ${await res.text()}`)
  const { token } = (await res.json()) as { token: string }
  return token
}

export async function ordersByEmail(
  storeUrl: string,
  token: string,
  email: string,
): Promise<AdminOrder[]> {
  const fields = "id,display_id,email,total,status,payment_status"
  const res = await fetch(`${storeUrl}/admin/orders?fields=${fields}&limit=200&order=-created_at`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!res.ok) throw new Error(`admin orders: HTTP ${res.status} ${await res.text()}`)
  const { orders } = (await res.json()) as { orders: AdminOrder[] }
  return orders.filter((o) => o.email === email)
}

/** Logs into the dashboard at /app with the demo credentials. */
export async function loginAdmin(page: Page, adminUrl: string): Promise<void> {
  // The first visit compiles the dashboard (Vite dev server): be patient.
  await page.goto(`${adminUrl}/login`, { timeout: 180_000 })
  await page.locator("input[name=email]").waitFor({ timeout: 180_000 })
  await page.locator("input[name=email]").fill(ADMIN.email)
  await page.locator("input[name=password]").fill(ADMIN.password)
  await page.locator("button[type=submit]").click()
  await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 60_000 })
}

/** Logs into the dashboard and opens the orders list. */
export async function openAdminOrders(page: Page, adminUrl: string): Promise<void> {
  await loginAdmin(page, adminUrl)
  await page.goto(`${adminUrl}/orders`)
  await page.locator("table").first().waitFor({ timeout: 120_000 })
  await screenshot(page, "admin-orders")
}
