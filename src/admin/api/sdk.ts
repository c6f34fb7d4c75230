import Medusa from "@medusajs/js-sdk"

/** The one admin SDK client of the plugin's pages and widgets (the admin's own session). */
export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || "/",
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
