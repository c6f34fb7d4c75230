// A store of `npm run check:install` brought up the way the README says, whatever package manager
// installed it: medusa-config.ts from the README's snippet (pointed at the Platega sandbox), the
// database migrated (or copied from the kept template, see database.mjs), `medusa start` with the
// admin, an admin login, and the Platega payment providers loaded.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { templateName } from "./database.mjs"
import { freePort } from "../postgres.mjs"

export const ADMIN = { email: "check@platega.local", password: "check-pass" }
const PROVIDERS = ["pp_platega-sbp_platega", "pp_platega-card_platega"]

async function waitFor(url, child, output, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the store exited (${child.exitCode}):\n${output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${output()}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/** Replaces the README's `// ...` with a working projectConfig and points Platega at the sandbox. */
function storeConfig(config, url) {
  const projectConfig = `projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: "${url}",
      adminCors: "${url}",
      authCors: "${url}",
      jwtSecret: "install-check",
      cookieSecret: "install-check",
    },
  },`
  const anchor = "merchantId: process.env.PLATEGA_MERCHANT_ID,"
  if (!config.includes("// ...") || !config.includes(anchor))
    throw new Error(`README's medusa-config.ts snippet lost "// ..." or "${anchor}"`)
  return (
    `import { defineConfig, loadEnv } from "@medusajs/framework/utils"\n\n` +
    `loadEnv(process.env.NODE_ENV || "development", process.cwd())\n\n` +
    config
      .replace("// ...", projectConfig)
      .replace(anchor, `baseUrl: process.env.PLATEGA_BASE_URL,\n              ${anchor}`)
  )
}

async function adminLogin(base) {
  const login = await fetch(`${base}/auth/user/emailpass`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  if (!login.ok) throw new Error(`admin login: HTTP ${login.status} ${await login.text()}`)
  return (await login.json()).token
}

export async function publishableKey(base, token) {
  const res = await fetch(`${base}/admin/api-keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: "install check", type: "publishable" }),
  })
  if (!res.ok) throw new Error(`publishable key: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()).api_key.token
}

/**
 * Writes medusa-config.ts from the README's `config` snippet, migrates the run's database (or
 * copies the kept template), starts the store and logs in. Returns { url, env, token, providers }.
 * The server's process goes to onServer as soon as it is spawned: give it to stopServer at the
 * end, also when this throws.
 */
export async function serveStore({ store, config, db, sandbox, step, onServer }) {
  const port = await freePort()
  const url = `http://localhost:${port}`
  step("README: medusa-config.ts from the snippet (admin enabled)")
  fs.writeFileSync(path.join(store, "medusa-config.ts"), storeConfig(config, url))
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    MEDUSA_DISABLE_TELEMETRY: "true",
    PLATEGA_BASE_URL: sandbox.url,
    PLATEGA_MERCHANT_ID: sandbox.merchantId,
    PLATEGA_SECRET: sandbox.secret,
    // `medusa start` serves the admin from its sources (Vite) in development mode.
    NODE_ENV: "development",
  }
  const medusa = path.join(store, "node_modules", "@medusajs", "cli", "cli.js")
  const template = templateName(store, store, config)
  const fresh = process.env.CHECK_INSTALL_FRESH_DB === "1"
  if (!fresh && (await db.create(template))) {
    step("README: npx medusa db:migrate (same migrations as a kept, migrated database: copied)")
  } else {
    if (fresh) await db.create(`${template}_none`)
    step("README: npx medusa db:migrate")
    execFileSync(process.execPath, [medusa, "db:migrate"], { cwd: store, env, stdio: "pipe" })
    execFileSync(process.execPath, [medusa, "user", "-e", ADMIN.email, "-p", ADMIN.password], {
      cwd: store,
      env,
      stdio: "pipe",
    })
    await db.saveAsTemplate(template)
  }

  step("starting the store (medusa start, admin included)")
  let output = ""
  const server = spawn(process.execPath, [medusa, "start", "--port", String(port)], {
    cwd: store,
    env,
    detached: true,
  })
  onServer(server)
  const serverLog = fs.createWriteStream(path.join(store, "medusa.log"))
  const keep = (d) => {
    serverLog.write(d)
    output = (output + d).slice(-20_000)
  }
  server.stdout.on("data", keep)
  server.stderr.on("data", keep)
  await waitFor(`${url}/health`, server, () => output.slice(-4000))

  const token = await adminLogin(url)
  const res = await fetch(`${url}/admin/payments/payment-providers?limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const ids = (await res.json()).payment_providers?.map((p) => p.id) ?? []
  for (const id of PROVIDERS) {
    if (!ids.includes(id))
      throw new Error(`provider ${id} is not loaded; the store has ${ids.join(", ")}`)
  }
  return { url, env, token, providers: ids.filter((i) => i.includes("platega")) }
}

/** Stops the store that serveStore started (its whole process group). */
export async function stopServer(server) {
  if (!server?.pid) return
  try {
    process.kill(-server.pid, "SIGTERM")
  } catch {
    // already gone
  }
  await new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r()))
}
