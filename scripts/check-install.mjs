#!/usr/bin/env node
// `npm run check:install`: the README's "Install in your store" tried the way a new user would.
// Packs the plugin (npm pack), checks the tarball holds no sandbox code and no sandbox-only
// dependency, creates a fresh Medusa store on the lowest Medusa version the plugin declares (or
// MEDUSA_VERSION), installs the tarball there (an ERESOLVE fails the check), writes medusa-config.ts
// from the README's own snippet, runs `medusa db:migrate`, starts the store and checks that the
// plugin's payment providers and callback route are loaded. Slow (a full npm install of Medusa),
// so it is not part of `npm test`.
//   DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD: use that PostgreSQL (a throw-away database is created);
//   otherwise an embedded one is started. CHECK_INSTALL_KEEP=1 keeps the store folder.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, startEmbeddedPostgres } from "./lib/postgres.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
const SANDBOX_ONLY = ["fastify", "@fastify/formbody", "qrcode"]
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const step = (text) => console.log(`[check:install ${seconds()}] ${text}`)

function npm(args, cwd, extra = {}) {
  return execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", ...extra },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 256 * 1024 * 1024,
  })
}

/** The lowest version a peer range like "^2.21.0" allows. */
function lowest(range) {
  const m = /(\d+\.\d+\.\d+)/.exec(range)
  if (!m) throw new Error(`cannot read a lowest version from the peer range ${range}`)
  return m[1]
}

/** The README's own words: the install command and the medusa-config.ts snippet. */
function readmeInstructions() {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
  const start = readme.indexOf("## Install in your store")
  if (start < 0) throw new Error('README.md has no "## Install in your store" section')
  const section = readme.slice(start, readme.indexOf("\n## ", start + 5))
  const install = /```bash\n(npm install [^\n]+)\n```/.exec(section)?.[1]
  const config = /`medusa-config\.ts`:\s*```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (!install || !config) throw new Error("README's install section lost its command or snippet")
  return { install, config }
}

async function database() {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  let base
  let embedded
  if (DB_HOST) {
    const auth = `${encodeURIComponent(DB_USERNAME || "postgres")}${DB_PASSWORD ? `:${encodeURIComponent(DB_PASSWORD)}` : ""}`
    base = `postgres://${auth}@${DB_HOST}:${DB_PORT || "5432"}`
  } else {
    embedded = await startEmbeddedPostgres()
    const e = embedded.env
    base = `postgres://${e.DB_USERNAME}:${encodeURIComponent(e.DB_PASSWORD)}@localhost:${e.DB_PORT}`
  }
  const name = `platega_install_check_${process.pid}`
  const { default: pg } = await import("pg")
  const admin = new pg.Client({ connectionString: `${base}/postgres` })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  return {
    url: `${base}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `${base}/postgres` })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await c.end()
      await embedded?.stop()
    },
  }
}

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

async function main() {
  const version = process.env.MEDUSA_VERSION || lowest(pkg.peerDependencies["@medusajs/framework"])
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "platega-install-check-"))
  const store = path.join(work, "store")
  let db
  let server
  try {
    step("building the plugin (medusa plugin:build)")
    npm(["run", "build"], ROOT)

    step("packing it (npm pack)")
    const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], ROOT))
    const tarball = path.join(work, packed.filename)
    const sandboxFiles = packed.files.map((f) => f.path).filter((p) => /sandbox/i.test(p))
    if (sandboxFiles.length)
      throw new Error(`the package holds sandbox files: ${sandboxFiles.join(", ")}`)
    const deps = Object.keys(pkg.dependencies ?? {})
    const leaked = SANDBOX_ONLY.filter((d) => deps.includes(d))
    if (leaked.length)
      throw new Error(`sandbox-only dependencies in the plugin: ${leaked.join(", ")}`)
    console.log(
      `      ${packed.filename}: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} kB`,
    )

    step(`a fresh Medusa ${version} store`)
    fs.mkdirSync(store)
    // What a new store's package.json holds (the Medusa starter's dependencies).
    fs.writeFileSync(
      path.join(store, "package.json"),
      JSON.stringify(
        {
          name: "platega-install-check-store",
          version: "0.0.1",
          private: true,
          engines: { node: ">=20" },
          dependencies: {
            "@medusajs/admin-sdk": version,
            "@medusajs/cli": version,
            "@medusajs/framework": version,
            "@medusajs/medusa": version,
          },
          devDependencies: {
            "@swc/core": "^1.7.28",
            "@types/node": "^20.0.0",
            "@types/react": "^18.3.2",
            "@types/react-dom": "^18.2.25",
            "prop-types": "^15.8.1",
            react: "^18.2.0",
            "react-dom": "^18.2.0",
            "ts-node": "^10.9.2",
            typescript: "^5.6.2",
            vite: "^5.2.11",
          },
        },
        null,
        2,
      ),
    )
    fs.writeFileSync(
      path.join(store, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2021",
          module: "Node16",
          moduleResolution: "Node16",
          esModuleInterop: true,
          skipLibCheck: true,
          strict: false,
          outDir: "./.medusa/server",
        },
        include: ["**/*"],
        exclude: ["node_modules", ".medusa"],
      }),
    )
    npm(["install"], store)

    const { install, config } = readmeInstructions()
    step(`README: ${install} (from the packed tarball)`)
    const installArgs = install.replace(/^npm /, "").split(/\s+/)
    const target = installArgs.indexOf(pkg.name)
    if (target < 0) throw new Error(`README's install command does not name ${pkg.name}`)
    installArgs[target] = tarball
    try {
      npm(installArgs, store)
    } catch (e) {
      const text = `${e.stdout ?? ""}${e.stderr ?? ""}`
      throw new Error(
        `npm install of the tarball failed${/ERESOLVE/.test(text) ? " (ERESOLVE)" : ""}:\n${text}`,
      )
    }
    const installed = JSON.parse(npm(["ls", "--json", "--depth=0"], store)).dependencies
    console.log(
      `      installed ${pkg.name}@${installed[pkg.name].version} beside @medusajs/medusa@${installed["@medusajs/medusa"].version}`,
    )
    const cookies = npm(["ls", "cookie", "--all", "--json"], store)
    if (/"version":\s*"2\./.test(cookies) && /medusa-payment-platega/.test(cookies)) {
      throw new Error("the plugin's dependencies bring cookie@2 (needs Node 22)")
    }

    step("README: medusa-config.ts from the snippet")
    const projectConfig = `projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: "http://localhost:8000",
      adminCors: "http://localhost:9000",
      authCors: "http://localhost:8000,http://localhost:9000",
      jwtSecret: "install-check",
      cookieSecret: "install-check",
    },
  },
  admin: { disable: true },`
    fs.writeFileSync(
      path.join(store, "medusa-config.ts"),
      `import { defineConfig, loadEnv } from "@medusajs/framework/utils"\n\nloadEnv(process.env.NODE_ENV || "development", process.cwd())\n\n` +
        config.replace("// ...", projectConfig),
    )

    db = await database()
    const port = await freePort()
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      MEDUSA_DISABLE_TELEMETRY: "true",
      PLATEGA_MERCHANT_ID: "7f3c2b1a-5d4e-4f60-8a9b-0c1d2e3f4a5b",
      PLATEGA_SECRET: "install-check-secret",
      NODE_ENV: "development",
    }
    const medusa = path.join(store, "node_modules", "@medusajs", "cli", "cli.js")
    step("README: npx medusa db:migrate")
    execFileSync(process.execPath, [medusa, "db:migrate"], { cwd: store, env, stdio: "pipe" })
    execFileSync(
      process.execPath,
      [medusa, "user", "-e", "check@platega.local", "-p", "check-pass"],
      {
        cwd: store,
        env,
        stdio: "pipe",
      },
    )

    step("starting the store (medusa start)")
    let output = ""
    server = spawn(process.execPath, [medusa, "start", "--port", String(port)], {
      cwd: store,
      env,
      detached: true,
    })
    server.stdout.on("data", (d) => (output += d))
    server.stderr.on("data", (d) => (output += d))
    const base = `http://localhost:${port}`
    await waitFor(`${base}/health`, server, () => output.slice(-4000))

    const login = await fetch(`${base}/auth/user/emailpass`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "check@platega.local", password: "check-pass" }),
    })
    const { token } = await login.json()
    const res = await fetch(`${base}/admin/payments/payment-providers?limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const ids = (await res.json()).payment_providers?.map((p) => p.id) ?? []
    for (const id of ["pp_platega-sbp_platega", "pp_platega-card_platega"]) {
      if (!ids.includes(id))
        throw new Error(`provider ${id} is not loaded; the store has ${ids.join(", ")}`)
    }
    const hook = await fetch(`${base}/hooks/platega`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "x", status: "CONFIRMED" }),
    })
    if (hook.status !== 401)
      throw new Error(`POST /hooks/platega without credentials answered ${hook.status}, not 401`)
    console.log(
      `      providers: ${ids.filter((i) => i.includes("platega")).join(", ")}; /hooks/platega answers 401 without credentials`,
    )
    step(`OK: the packed plugin installs and loads on Medusa ${version}`)
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM")
      } catch {
        // already gone
      }
    }
    await db?.drop().catch(() => {})
    if (process.env.CHECK_INSTALL_KEEP !== "1") fs.rmSync(work, { recursive: true, force: true })
    else console.log(`      kept ${work}`)
  }
}

main().catch((e) => {
  console.error(`check:install failed: ${e.message}`)
  process.exit(1)
})
