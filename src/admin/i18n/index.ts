// Every text of the plugin's admin extensions, in English and Russian, through Medusa's admin
// translations (react-i18next). Each area keeps its own files under json/ with one top-level key
// (`platega_<area>`), so areas can be added without touching each other.
import exportsEn from "./json/exports.en.json"
import exportsRu from "./json/exports.ru.json"
import linksEn from "./json/links.en.json"
import linksRu from "./json/links.ru.json"
import moneyEn from "./json/money.en.json"
import moneyRu from "./json/money.ru.json"
import orderEn from "./json/order.en.json"
import orderRu from "./json/order.ru.json"
import settingsEn from "./json/settings.en.json"
import settingsRu from "./json/settings.ru.json"
import subscriptionsEn from "./json/subscriptions.en.json"
import subscriptionsRu from "./json/subscriptions.ru.json"

const en = { ...orderEn, ...linksEn, ...moneyEn, ...exportsEn, ...settingsEn, ...subscriptionsEn }
const ru = { ...orderRu, ...linksRu, ...moneyRu, ...exportsRu, ...settingsRu, ...subscriptionsRu }

export default {
  en: { translation: en },
  ru: { translation: ru },
}
