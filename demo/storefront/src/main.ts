/// <reference lib="dom" />
import { currentCart } from "./api"
import { lang, t, toggleLang } from "./i18n"
import { interceptLinks, refreshCartLink, route, show } from "./router"
import { checkoutPage } from "./views/checkout"
import { failedPage, returnPage } from "./views/result"
import { shopPage } from "./views/shop"

route("/", shopPage)
route("/checkout", checkoutPage)
route("/return", returnPage)
route("/failed", failedPage)

function chrome(): void {
  document.documentElement.lang = lang()
  const toggle = document.querySelector<HTMLButtonElement>("[data-testid=lang-toggle]")
  if (toggle) toggle.textContent = t("language")
  const footer = document.querySelector("[data-testid=footer]")
  if (footer) footer.textContent = t("footer")
}

document.querySelector("[data-testid=lang-toggle]")?.addEventListener("click", () => {
  toggleLang()
  chrome()
  void show()
  void currentCart().then(refreshCartLink)
})

chrome()
interceptLinks()
void show()
void currentCart().then(refreshCartLink)
