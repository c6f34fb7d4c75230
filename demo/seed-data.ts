// What the demo shop contains. Kept apart from seed.ts so the numbers can be read (and tested
// against) without booting Medusa.

/** The marker in the store's metadata that says the seed ran to the end. scripts/demo.mjs reads it. */
export const SEED_MARKER = "platega_demo_seeded_at"

/** Title of the storefront's publishable API key; scripts/demo.mjs reads the token by this title. */
export const API_KEY_TITLE = "Platega demo storefront"

export const ADMIN = { email: "admin@platega.local", password: "platega-demo" } as const

/** `pp_<provider identifier>_<id in medusa-config.ts>`: the plugin's payment providers. */
export const PAYMENT_PROVIDERS = [
  "pp_platega-sbp_platega",
  "pp_platega-card_platega",
  "pp_platega-sberpay_platega",
  "pp_platega-international-card_platega",
  "pp_platega-subscription_platega",
]

export const REGION = { name: "Россия", currency_code: "rub", countries: ["ru"] }

export const STOCK_LOCATION = {
  name: "Склад Москва",
  address: {
    address_1: "ул. Тверская, 1",
    city: "Москва",
    country_code: "RU",
    postal_code: "125009",
  },
}

export const SHIPPING = {
  providerId: "manual_manual",
  fulfillmentSetName: "Доставка по России",
  optionName: "Бесплатная доставка",
}

export type DemoProduct = {
  handle: string
  sku: string
  title: string
  description: string
  /** Rubles, in major units as Medusa v2 stores them; one price has kopecks on purpose. */
  price: number
  thumbnail: string
  /** Sold by subscription: Platega charges the shopper on this schedule (the variant's plan). */
  plan?: { interval: "day" | "week" | "month" | "year"; interval_count: number }
}

// Pictures are small inline SVG drawings, so the demo works offline and needs no emoji font.
const picture = (background: string, ink: string, shapes: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240">` +
      `<rect width="320" height="240" fill="${background}"/>` +
      `<g fill="${ink}" stroke="${ink}" stroke-width="8" stroke-linejoin="round">${shapes}</g></svg>`,
  )

const MUG = `<rect x="110" y="70" width="90" height="110" rx="10"/><path d="M200 95h20a22 22 0 0 1 0 44h-20" fill="none"/>`
const NOTEBOOK = `<rect x="115" y="55" width="100" height="130" rx="6"/><g fill="none" stroke="#fff" stroke-width="6"><path d="M140 90h55M140 115h55M140 140h40"/></g>`
const SCARF = `<path d="M95 70h130v30H95z"/><path d="M180 100h30v90h-30z"/><path d="M180 190v20M190 190v20M200 190v20M210 190v20" stroke-width="4"/>`
const COFFEE = `<path d="M105 95h110l-12 90h-86z"/><path d="M215 110h12a20 20 0 0 1 0 40h-18" fill="none"/><path d="M135 55c-8 12 8 18 0 30M160 50c-8 12 8 18 0 30M185 55c-8 12 8 18 0 30" fill="none" stroke-width="5"/>`
const HONEY = `<rect x="120" y="60" width="80" height="22" rx="6"/><rect x="110" y="85" width="100" height="105" rx="18"/>`

export const PRODUCTS: DemoProduct[] = [
  {
    handle: "samovar-mug",
    sku: "DEMO-MUG",
    title: "Кружка «Самовар»",
    description: "Керамическая кружка на 350 мл.",
    price: 1490,
    thumbnail: picture("#fde68a", "#92400e", MUG),
  },
  {
    handle: "birch-notebook",
    sku: "DEMO-NOTEBOOK",
    title: "Блокнот «Берёза»",
    description: "A5, 120 листов в точку.",
    price: 2990.5,
    thumbnail: picture("#bbf7d0", "#166534", NOTEBOOK),
  },
  {
    handle: "wool-scarf",
    sku: "DEMO-SCARF",
    title: "Шарф из шерсти",
    description: "Тёплый шарф, 180 × 30 см.",
    price: 4500,
    thumbnail: picture("#fecaca", "#991b1b", SCARF),
  },
  {
    handle: "honey-jar",
    sku: "DEMO-HONEY",
    title: "Мёд алтайский",
    description: "Банка 500 г.",
    price: 990,
    thumbnail: picture("#fed7aa", "#9a3412", HONEY),
  },
  {
    handle: "monthly-coffee",
    sku: "DEMO-COFFEE-MONTHLY",
    title: "Кофе по подписке",
    description: "Свежеобжаренный кофе, 1 кг каждый месяц.",
    price: 1200,
    thumbnail: picture("#e7d3c1", "#5b3a29", COFFEE),
    plan: { interval: "month", interval_count: 1 },
  },
]
