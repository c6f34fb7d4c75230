/// <reference lib="dom" />
import { me } from "./account"
import { currentCart } from "./api"
import { lang, t, toggleLang } from "./i18n"
import { interceptLinks, refreshAccountLink, refreshCartLink, route, show } from "./router"
import { accountPage } from "./views/account"
import { checkoutPage } from "./views/checkout"
import { failedPage, returnPage } from "./views/result"
import { shopPage } from "./views/shop"
import { subscriptionsPage } from "./views/subscriptions"

route("/", shopPage)
route("/checkout", checkoutPage)
route("/return", returnPage)
route("/failed", failedPage)
route("/account", accountPage)
route("/subscriptions", subscriptionsPage)

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
  void me().then(refreshAccountLink)
})

chrome()
interceptLinks()
void show()
void currentCart().then(refreshCartLink)
void me().then(refreshAccountLink)
