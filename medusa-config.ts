// The development, test and demo store: loads this plugin from source (src/) and registers its
// payment providers. A real store installs the package and uses the snippet in README.md instead.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = process.env

const plategaOptions = {
  merchantId: env.PLATEGA_MERCHANT_ID,
  secret: env.PLATEGA_SECRET,
  baseUrl: env.PLATEGA_BASE_URL,
  payoutKey: env.PLATEGA_PAYOUT_KEY,
  returnUrl: env.PLATEGA_RETURN_URL,
  failedUrl: env.PLATEGA_FAILED_URL,
  timeoutMs: env.PLATEGA_TIMEOUT_MS,
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    http: {
      storeCors: env.STORE_CORS || "http://localhost:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000",
      authCors: env.AUTH_CORS || "http://localhost:8000,http://localhost:9000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: env.MEDUSA_ADMIN_DISABLED === "true",
  },
  modules: [
    { resolve: "./src/modules/platega" },
    // Durable, retried processing of callbacks when Redis is available.
    ...(env.REDIS_URL
      ? [{ resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: env.REDIS_URL } }]
      : []),
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "./src/providers/platega", id: "platega", options: plategaOptions }],
      },
    },
  ],
})
