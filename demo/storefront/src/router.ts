/// <reference lib="dom" />
// Path routing with the History API; the demo's server answers every page path with index.html.
import type { Customer } from "./account"
import type { Cart } from "./api"
import { t } from "./i18n"

type Page = () => Promise<void>
const routes = new Map<string, Page>()

export function route(path: string, page: Page): void {
  routes.set(path, page)
}

export function navigate(to: string): void {
  history.pushState(null, "", to)
  void show()
}

export async function show(): Promise<void> {
  const page = routes.get(location.pathname) ?? routes.get("/")
  try {
    await page?.()
  } catch (e) {
    const app = document.getElementById("app")
    const message = e instanceof Error ? e.message : String(e)
    app?.replaceChildren(
      Object.assign(document.createElement("p"), {
        className: "error",
        textContent: `${t("error")}: ${message}`,
      }),
    )
    app?.lastElementChild?.setAttribute("data-testid", "page-error")
  }
}

/** Links marked data-link change the page without a reload. */
export function interceptLinks(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[data-link]")
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return
    event.preventDefault()
    navigate(link.getAttribute("href") ?? "/")
  })
  window.addEventListener("popstate", () => void show())
}

export function refreshCartLink(cart: Cart | undefined): void {
  const link = document.querySelector<HTMLAnchorElement>("[data-testid=cart-link]")
  if (!link) return
  const count = (cart?.items ?? []).reduce((n, i) => n + i.quantity, 0)
  link.textContent = `${t("cart")} (${count})`
}

/** The header's account link: "My subscriptions" when signed in, "Sign in" otherwise. */
export function refreshAccountLink(customer: Customer | undefined): void {
  const link = document.querySelector<HTMLAnchorElement>("[data-testid=account-link]")
  if (!link) return
  link.textContent = customer ? t("mySubscriptions") : t("signIn")
  link.href = customer ? "/subscriptions" : "/account"
}
