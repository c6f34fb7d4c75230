// Every HTTP route the installed package declares, found in its api/ folder (so a new route is
// covered without editing this file), called once on the running store. A route that is not
// loaded answers 404; one that is may refuse the probe's empty input (4xx), or answer 404 only
// as its own "not found" (Medusa's JSON error) for the made-up id the probe puts in its path.
import fs from "node:fs"
import path from "node:path"

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
export const PROBE_ID = "probe_missing_id"

/** [{ method, path }] of every route.js under the package's api folder. */
export function declaredRoutes(packageDir) {
  const api = path.join(packageDir, ".medusa", "server", "src", "api")
  const routes = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name === "route.js") {
        const code = fs.readFileSync(full, "utf8")
        const url = `/${path.relative(api, dir).split(path.sep).join("/")}`
        for (const method of METHODS) {
          if (new RegExp(`exports\\.${method}\\s*=`).test(code)) routes.push({ method, path: url })
        }
      }
    }
  }
  walk(api)
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
}

/**
 * The route's own answer for the made-up id: Medusa's JSON error naming it. An unloaded route gets
 * Express's "Cannot GET /…" instead, which also holds the id (it repeats the path).
 */
function isOwnNotFound(text) {
  try {
    const body = JSON.parse(text)
    return body.type === "not_found" && String(body.message).includes(PROBE_ID)
  } catch {
    return false
  }
}

/** A shopper with an account, as the store routes of a logged-in customer need. */
export async function customerToken(base, publishableKey) {
  const email = `probe-${Date.now()}@platega.local`
  const password = "probe-pass-1"
  const post = (url, body, token) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": publishableKey,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    })
  const registered = await post("/auth/customer/emailpass/register", { email, password })
  const { token: registration } = await registered.json()
  const created = await post("/store/customers", { email }, registration)
  if (!created.ok)
    throw new Error(`creating a customer: HTTP ${created.status} ${await created.text()}`)
  const login = await post("/auth/customer/emailpass", { email, password })
  return (await login.json()).token
}

/**
 * Calls each route with the credentials its area needs; returns one line per call and throws,
 * listing them, when any route looks unloaded.
 */
export async function probeRoutes(base, routes, { adminToken, publishableKey, customer }) {
  const lines = []
  const failures = []
  for (const route of routes) {
    const url = route.path.replace(/\[[^\]]+\]/g, PROBE_ID)
    const headers = { "content-type": "application/json" }
    if (url.startsWith("/admin/")) headers.authorization = `Bearer ${adminToken}`
    if (url.startsWith("/store/")) {
      headers["x-publishable-api-key"] = publishableKey
      headers.authorization = `Bearer ${customer}`
    }
    const res = await fetch(`${base}${url}`, {
      method: route.method,
      headers,
      ...(route.method !== "GET" && { body: "{}" }),
    })
    const text = await res.text()
    const ownNotFound = res.status === 404 && url.includes(PROBE_ID) && isOwnNotFound(text)
    const ok = res.status < 500 && (res.status !== 404 || ownNotFound)
    const line = `${route.method} ${url} → ${res.status}`
    lines.push(line)
    if (!ok) failures.push(`${line}: ${text.slice(0, 300)}`)
  }
  if (failures.length) {
    throw new Error(
      `routes of the installed package that do not answer:\n  ${failures.join("\n  ")}`,
    )
  }
  return lines
}
