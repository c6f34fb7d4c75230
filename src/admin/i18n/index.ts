// Every text of the plugin's admin extensions, in English and Russian, through Medusa's admin
// translations (react-i18next). Each area keeps its own files under json/ with one top-level key
// (`platega_<area>`), so areas can be added without touching each other.
import callbackEn from "./json/callback.en.json"
import callbackRu from "./json/callback.ru.json"
import codesEn from "./json/codes.en.json"
import codesRu from "./json/codes.ru.json"
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
import transactionsEn from "./json/transactions.en.json"
import transactionsRu from "./json/transactions.ru.json"

const en = {
  ...codesEn,
  ...orderEn,
  ...linksEn,
  ...moneyEn,
  ...exportsEn,
  ...settingsEn,
  ...subscriptionsEn,
  ...transactionsEn,
  ...callbackEn,
}
const ru = {
  ...codesRu,
  ...orderRu,
  ...linksRu,
  ...moneyRu,
  ...exportsRu,
  ...settingsRu,
  ...subscriptionsRu,
  ...transactionsRu,
  ...callbackRu,
}

export default {
  en: { translation: en },
  ru: { translation: ru },
}
