// `npm publish --dry-run` of each package, on the very tarballs that would go to the registry: the
// plugin's is the one the install check installs into its stores; the storefront kit and the
// sandbox are packed here. The kit's `prepare` builds it, as on a real publish; the sandbox is
// packed from the build the check has just made fresh and is running (its `prepare` would delete
// that build under the running sandbox). A dry run that names another package, version or
// tarball than the one packed fails the check.
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const WORKSPACES = [
  { dir: "packages/platega-storefront", build: true },
  { dir: "packages/platega-sandbox", build: false },
]

async function npmJson(args, cwd) {
  const { stdout } = await run("npm", [...args, "--json"], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false" },
  })
  return JSON.parse(stdout)
}

/** Packs one workspace package into `dir`: what `npm pack --json` says of it. */
async function packWorkspace(root, workspace, dir) {
  const args = ["pack", "-w", workspace.dir, "--pack-destination", dir]
  const [packed] = await npmJson(workspace.build ? args : [...args, "--ignore-scripts"], root)
  return packed
}

/** Dry-runs the publish of one tarball and checks it would publish exactly that tarball. */
async function dryRun(packed, dir) {
  const tarball = path.join(dir, packed.filename)
  const out = await npmJson(["publish", "--dry-run", "--access", "public", tarball], dir)
  const published = out[packed.name] ?? out
  for (const field of ["name", "version", "integrity"]) {
    if (published[field] !== packed[field])
      throw new Error(
        `npm publish --dry-run of ${packed.filename}: ${field} ${published[field]}, packed ${packed[field]}`,
      )
  }
  return `${packed.name}@${packed.version}: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} kB, integrity ${packed.integrity.slice(0, 20)}…`
}

/**
 * Packs the other packages and dry-runs the publish of all three (the plugin's `pluginPacked`
 * tarball is already in `dir`). Resolves to one line per package.
 */
export async function dryRunPublishAll(root, dir, pluginPacked) {
  const packed = [pluginPacked]
  // One after the other: each pack builds its package.
  for (const workspace of WORKSPACES) packed.push(await packWorkspace(root, workspace, dir))
  return Promise.all(packed.map((p) => dryRun(p, dir)))
}
