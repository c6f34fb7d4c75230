// The development, test and demo store: loads this plugin from source (src/) and registers its
// payment providers. A real store installs the package and uses the snippet in README.md instead.
//
// One process by default. With REDIS_URL set it is the production setup: Medusa's Redis event bus,
// workflow engine, locking and cache, so that several instances (MEDUSA_WORKER_MODE=server behind a
// load balancer, MEDUSA_WORKER_MODE=worker for subscribers and jobs) share one PostgreSQL and Redis.
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

// Any other Platega methods the merchant's account offers, "code:title,…": each becomes its own
// payment provider, pp_platega-method_<code> (see README, "Every method").
const extraMethods = (env.PLATEGA_EXTRA_METHODS ?? "3:ЕРИП,13:Криптовалюта")
  .split(",")
  .map((m) => m.trim())
  .filter(Boolean)
  .map((m) => {
    const [code, ...title] = m.split(":")
    return {
      resolve: "./src/providers/platega-method",
      id: code.trim(),
      options: { ...plategaOptions, method: code.trim(), title: title.join(":").trim() },
    }
  })

const WORKER_MODES = ["shared", "server", "worker"] as const
type WorkerMode = (typeof WORKER_MODES)[number]
const workerMode = (env.MEDUSA_WORKER_MODE || "shared") as WorkerMode
if (!WORKER_MODES.includes(workerMode)) {
  throw new Error(
    `MEDUSA_WORKER_MODE must be one of ${WORKER_MODES.join(", ")}, got "${env.MEDUSA_WORKER_MODE}"`,
  )
}

const redisUrl = env.REDIS_URL
const redisModules = redisUrl
  ? [
      // Events (the plugin's callback processing among them) are queued in Redis, survive a
      // restart, are retried, and are handled by worker instances.
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      // Workflow state and scheduled jobs live in Redis: one instance runs each job tick.
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      // Locks (the cart lock of checkout, the plugin's job locks) hold across instances.
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
      // Both of Medusa's caches shared by all instances: the Cache module, and the Caching module
      // (used by Medusa when its `caching` feature flag is on).
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      {
        resolve: "@medusajs/medusa/caching",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/caching-redis",
              id: "caching-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    redisUrl,
    workerMode,
    http: {
      storeCors: env.STORE_CORS || "http://localhost:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000",
      authCors: env.AUTH_CORS || "http://localhost:8000,http://localhost:9000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    // A worker serves no HTTP routes, so no dashboard either.
    disable: env.MEDUSA_ADMIN_DISABLED === "true" || workerMode === "worker",
  },
  modules: [
    {
      resolve: "./src/modules/platega",
      options: {
        reconcile: { minAgeMinutes: env.PLATEGA_RECONCILE_MIN_AGE_MINUTES },
        unauthenticatedCallbacks: {
          perMinute: env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_MINUTE,
          perClientPerMinute: env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_CLIENT_PER_MINUTE,
        },
        paymentStarts: { perClient: env.PLATEGA_PAYMENT_STARTS_PER_CLIENT },
      },
    },
    ...redisModules,
    // Medusa's local file provider keeps private files in `static/` (served at /static) unless told
    // otherwise: private files (transaction exports) go to a folder that is not served.
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/file-local",
            id: "local",
            options: { private_upload_dir: env.MEDUSA_PRIVATE_UPLOAD_DIR || "private-uploads" },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "./src/providers/platega", id: "platega", options: plategaOptions },
          ...extraMethods,
        ],
      },
    },
  ],
})
