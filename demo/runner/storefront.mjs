// Builds the demo storefront (demo/storefront, Vite) and serves it with a small static server. The
// build holds no settings: the server answers /config.json with the store's address and publishable
// key, so one build works for any ports and any database.
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { ROOT } from "./config.mjs"
import { runToEnd } from "./processes.mjs"

const SOURCE = path.join(ROOT, "demo", "storefront")

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".ico": "image/x-icon",
  ".png": "image/png",
}

/** Newest modification time among the storefront's sources: the build is redone when it changes. */
function sourceStamp(dir = SOURCE) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const t = entry.isDirectory() ? sourceStamp(full) : fs.statSync(full).mtimeMs
    newest = Math.max(newest, t)
  }
  return newest
}

/**
 * Builds into `outDir` unless a build of the same sources is already there. Returns "built" or
 * "cached". Vite runs as a child process: on a terminal it rewrites the current line, which would
 * erase the demo's progress.
 */
export async function buildStorefront({ outDir, logFile, track }) {
  const stampFile = path.join(outDir, ".source-stamp")
  const stamp = String(sourceStamp())
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) return "cached"
  await runToEnd(
    {
      name: "vite build demo/storefront",
      command: process.execPath,
      args: [
        path.join(ROOT, "node_modules", "vite", "bin", "vite.js"),
        "build",
        SOURCE,
        ...[
          "--outDir",
          outDir,
          "--emptyOutDir",
          "--target",
          "es2022",
          "--sourcemap",
          "--base",
          "/",
        ],
      ],
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      logFile,
    },
    track,
  )
  fs.writeFileSync(stampFile, stamp)
  return "built"
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** Serves `dir`; paths without a file (/checkout, /return, /failed) get index.html. */
export function serveStorefront({ dir, port, config }) {
  const configJson = JSON.stringify(config)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost")
    if (url.pathname === "/config.json") {
      res.writeHead(200, { "content-type": TYPES[".json"], "cache-control": "no-store" })
      res.end(configJson)
      return
    }
    const relative = path.normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, "")
    const file = path.resolve(dir, relative)
    if (file !== dir && !file.startsWith(dir + path.sep)) {
      res.writeHead(404).end()
      return
    }
    const target = isFile(file) ? file : path.join(dir, "index.html")
    const type = TYPES[path.extname(target)] ?? "application/octet-stream"
    // Hashed assets never change; the page itself must always be fresh.
    const cache = target.includes(`${path.sep}assets${path.sep}`)
      ? "public, max-age=31536000, immutable"
      : "no-cache"
    res.writeHead(200, { "content-type": type, "cache-control": cache })
    fs.createReadStream(target).pipe(res)
  })
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, () => {
      server.off("error", reject)
      resolve({
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
