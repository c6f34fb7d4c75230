// The GitHub workflows cannot run here: they are read instead. CI must run exactly what `.ci/run`
// runs anywhere else, with the services the tests need; a release must publish with provenance.
import fs from "node:fs"
import path from "node:path"
import { parseDocument } from "yaml"

type Step = { uses?: string; run?: string; with?: Record<string, unknown> }
type Job = {
  uses?: string
  needs?: string | string[]
  services?: Record<string, { image?: string }>
  permissions?: Record<string, string>
  env?: Record<string, string>
  steps?: Step[]
}
type Workflow = { on: Record<string, unknown>; jobs: Record<string, Job> }

const ROOT = path.resolve(__dirname, "..", "..")

/** The workflow as data; a YAML error (or a warning, e.g. a duplicate key) fails the test. */
function read(name: string): Workflow {
  const doc = parseDocument(
    fs.readFileSync(path.join(ROOT, ".github", "workflows", name), "utf8"),
    { uniqueKeys: true },
  )
  expect([...doc.errors, ...doc.warnings].map((e) => e.message)).toEqual([])
  return doc.toJS() as Workflow
}

const runs = (job: Job) => (job.steps ?? []).flatMap((s) => (s.run ? [s.run.trim()] : []))

describe("CI workflow", () => {
  const ci = read("ci.yml")
  const job = ci.jobs.test

  it("runs on pushes and pull requests, and can be called by the release", () => {
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push", "workflow_call"])
  })

  it("runs exactly `bash .ci/run`, the script that exists", () => {
    expect(runs(job)).toEqual(["bash .ci/run"])
    expect(fs.existsSync(path.join(ROOT, ".ci", "run"))).toBe(true)
  })

  it("gives the tests PostgreSQL 15 and Redis, and tells them where", () => {
    const images = Object.values(job.services ?? {}).map((s) => s.image ?? "")
    expect(images.some((i) => /^postgres:15(\b|$)/.test(i))).toBe(true)
    expect(images.some((i) => /^redis(:|$)/.test(i))).toBe(true)
    expect(job.env).toMatchObject({ DB_HOST: "localhost", DB_USERNAME: "postgres" })
    expect(job.env?.REDIS_URL).toMatch(/^redis:\/\/localhost:6379/)
  })

  it("caches npm and the install check's test stores", () => {
    const setupNode = job.steps?.find((s) => s.uses?.startsWith("actions/setup-node@"))
    expect(setupNode?.with?.cache).toBe("npm")
    const cache = job.steps?.find((s) => s.uses?.startsWith("actions/cache@"))
    expect(String(cache?.with?.path)).toContain(".cache/medusa-payment-platega")
  })
})

describe("release workflow", () => {
  const release = read("release.yml")

  it("starts on a release tag of each package, after the whole CI run", () => {
    const tags = (release.on.push as { tags: string[] }).tags
    expect(tags.sort()).toEqual([
      "medusa-payment-platega-storefront@*",
      "medusa-payment-platega@*",
      "platega-sandbox@*",
    ])
    expect(release.jobs.test.uses).toBe("./.github/workflows/ci.yml")
    expect(release.jobs.publish.needs).toBe("test")
  })

  it("publishes with provenance, signed by the job's OIDC token", () => {
    const publish = release.jobs.publish
    expect(publish.permissions?.["id-token"]).toBe("write")
    const publishes = runs(publish).filter((r) => /\bnpm publish\b/.test(r))
    expect(publishes).toHaveLength(1)
    expect(publishes[0]).toContain("--provenance")
    expect(publishes[0]).not.toContain("--dry-run")
  })
})
