// The README and the pages under docs/ link to each other and to their headings. Every relative link
// of the documentation must reach a file that exists and, when it names an anchor of a Markdown
// file, a heading that GitHub gives that anchor. Every source path it names (`src/…`,
// `core/decisions.ts`, `services/*.ts`) must exist. The READMEs stay short enough to be read
// through, and so does each page.
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")
const README_MAX_LINES = 300
const PAGE_MAX_LINES = 400

/** Every Markdown file under `dir` (relative to the repository), deepest last. */
function markdownUnder(dir: string): string[] {
  const abs = path.join(ROOT, dir)
  if (!fs.existsSync(abs)) return []
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) return markdownUnder(rel)
      return entry.name.endsWith(".md") ? [rel] : []
    })
}

const packages = fs
  .readdirSync(path.join(ROOT, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `packages/${entry.name}`)

/** The documentation whose links are checked. */
const DOCUMENTS = [
  "README.md",
  "README.ru.md",
  "SECURITY.md",
  "CHANGELOG.md",
  ...markdownUnder("docs"),
  ...packages.map((p) => `${p}/README.md`).filter((f) => fs.existsSync(path.join(ROOT, f))),
  ...packages.flatMap((p) => markdownUnder(`${p}/docs`)),
]

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

/** What `wc -l` counts. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0)

/** The file's lines outside fenced code blocks (``` or ~~~), each with its line number. */
function proseLines(text: string): { line: string; number: number }[] {
  const out: { line: string; number: number }[] = []
  let fence: string | null = null
  text.split("\n").forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      return
    }
    if (marker) {
      fence = marker
      return
    }
    out.push({ line, number: i + 1 })
  })
  return out
}

/** The line without its inline code spans (`…`, ``…``), which hold no links. */
const withoutCode = (line: string) => line.replace(/(`+)[\s\S]*?\1/g, "")

/**
 * The anchor GitHub gives a heading's text: lowercased, every character but letters (any script),
 * marks, digits, `_`, `-` and spaces dropped, each space a `-` (github-slugger's rule).
 */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-")
}

/** The text a heading renders to: links give their text, code its content, no markup or tags. */
function headingText(raw: string): string {
  const codes: string[] = []
  let text = raw.replace(/(`+)\s?([\s\S]*?)\s?\1/g, (_m, _ticks, code: string) => {
    codes.push(code)
    return `\uE000${codes.length - 1}\uE000`
  })
  text = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*{1,3}|(?<![\p{L}\p{N}])_{1,3}|_{1,3}(?![\p{L}\p{N}]))/gu, "")
  return text.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => codes[Number(i)]).trim()
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats get -1, -2, …) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const occurrences = new Map<string, number>()
  const anchors = new Set<string>()
  const add = (heading: string) => {
    const base = slug(headingText(heading))
    let result = base
    while (occurrences.has(result)) {
      const n = occurrences.get(base)! + 1
      occurrences.set(base, n)
      result = `${base}-${n}`
    }
    occurrences.set(result, 0)
    anchors.add(result)
  }
  const lines = proseLines(markdown)
  lines.forEach(({ line, number }, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line)
    if (atx) return add(atx[1] ?? "")
    const previous = lines[i - 1]
    if (
      /^ {0,3}(=+|-+)[ \t]*$/.test(line) &&
      previous &&
      previous.number === number - 1 &&
      previous.line.trim() !== "" &&
      !/^ {0,3}(#|[-*+>|]|\d+[.)])/.test(previous.line)
    )
      add(previous.line.trim())
  })
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1])
  return anchors
}

type Link = { file: string; line: number; target: string }

/** Every link and image of a Markdown file, inline (`[..](target)`) and by reference. */
function linksOf(file: string, markdown: string): Link[] {
  const links: Link[] = []
  for (const { line, number } of proseLines(markdown)) {
    const prose = withoutCode(line)
    for (const m of prose.matchAll(
      /\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    ))
      links.push({ file, line: number, target: m[1] })
    const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(prose)
    if (reference) links.push({ file, line: number, target: reference[1] })
  }
  return links
}

const anchorCache = new Map<string, Set<string>>()
const anchorsOfFile = (abs: string) => {
  if (!anchorCache.has(abs)) anchorCache.set(abs, anchorsOf(fs.readFileSync(abs, "utf8")))
  return anchorCache.get(abs)!
}

/** What is wrong with a link (relative to its file), or null. Web and mail links are not followed. */
function brokenLink({ file, target }: Link, root = ROOT): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null
  const hash = target.indexOf("#")
  const rawPath = hash < 0 ? target : target.slice(0, hash)
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1))
  const filePath = decodeURIComponent(rawPath.split("?")[0])
  const abs = !filePath
    ? path.join(root, file)
    : filePath.startsWith("/")
      ? path.join(root, filePath)
      : path.resolve(path.dirname(path.join(root, file)), filePath)
  if (!fs.existsSync(abs)) return `${path.relative(root, abs) || filePath} does not exist`
  if (anchor === null || !abs.endsWith(".md") || fs.statSync(abs).isDirectory()) return null
  if (!anchor) return "an empty anchor"
  if (!anchorsOfFile(abs).has(anchor))
    return `no heading of ${path.relative(root, abs)} makes the anchor #${anchor}`
  return null
}

/** Directories that hold no source: what is installed, built, generated or kept by the demo. */
const NOT_SOURCE = new Set([
  "node_modules",
  ".git",
  ".medusa",
  ".next",
  "dist",
  "coverage",
  "test-results",
  ".demo-data",
  ".test-pg",
  "static",
  "private-uploads",
])

/** Every file and directory of the repository, relative and `/`-separated, but what NOT_SOURCE skips. */
function entriesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return []
    const rel = dir ? `${dir}/${entry.name}` : entry.name
    return entry.isDirectory() ? [rel, ...entriesUnder(rel)] : [rel]
  })
}

let repositoryEntries: string[] | undefined
const entries = () => (repositoryEntries ??= entriesUnder(""))

/** The repository's top folders a source path starts from, and those it names relative to `src/`. */
const ROOT_FOLDERS = new Set([
  "src",
  "packages",
  "bench",
  "scripts",
  "integration-tests",
  "e2e",
  "demo",
  "docs",
  ".github",
  ".changeset",
])
const SRC_FOLDERS = new Set([
  "admin",
  "api",
  "jobs",
  "lib",
  "links",
  "modules",
  "providers",
  "scripts",
  "subscribers",
  "workflows",
])
/** A file name worth finding wherever it lives (`core/decisions.ts`, `round-trips.spec.ts`). */
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|cjs|js|json|md|ya?ml|css|html)$/
/** The GitHub address of the repository's own files. */
const OWN_GITHUB =
  /^https:\/\/github\.com\/platega-medusa\/medusa-payment-platega\/(?:tree|blob)\/[^/]+\/(.+)$/

/**
 * Paths the documentation names that belong to another repository: the files of Medusa's DTC
 * starter storefront (`apps/storefront`) that the storefront kit's steps change.
 */
const ELSEWHERE = [
  /^src\/app\//,
  /^src\/modules\/checkout\//,
  /^src\/lib\/constants\.tsx$/,
  /^payment-button\/index\.tsx$/,
]

/**
 * Files the code writes when it runs, which the documentation names but the repository does not
 * hold, each with the source that names it.
 */
const WRITTEN = [
  { name: "bench/results/latest.json", writer: "bench/support/report.ts", says: "latest.json" },
  {
    name: "sandbox-state.json",
    writer: "packages/platega-sandbox/src/persistence.ts",
    says: "sandbox-state.json",
  },
]

type NamedPath = { file: string; line: number; name: string }

/**
 * Every path of the repository a Markdown file names, outside fenced code: in inline code
 * (`src/lib/platega/money.ts`, `core/decisions.ts`, `services/*.ts`) and in links to the
 * repository's own files on GitHub. Web addresses, routes (`/hooks/platega`), packages
 * (`@medusajs/ui`) and single folder names (`steps/`) are not paths of it.
 */
function pathsOf(file: string, markdown: string): NamedPath[] {
  const named: NamedPath[] = []
  for (const { line, number } of proseLines(markdown)) {
    for (const m of line.matchAll(/(`+)\s?([\s\S]*?)\s?\1/g)) {
      const name = m[2].trim()
      if (!/^[\w.@()[\]{}<>:*…-]+(?:\/[\w.@()[\]{}<>:*…-]*)*$/.test(name)) continue
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) continue
      if (/^[./~@$]/.test(name) && !/^\.(github|changeset)\//.test(name)) continue
      const segments = name.replace(/\/$/, "").split("/")
      const rooted =
        segments.length > 1 && (ROOT_FOLDERS.has(segments[0]) || SRC_FOLDERS.has(segments[0]))
      if (rooted || SOURCE_FILE.test(name)) named.push({ file, line: number, name })
    }
    for (const m of withoutCode(line).matchAll(/\]\(\s*<?(https:\/\/github\.com\/[^)\s>]+)/g)) {
      const own = OWN_GITHUB.exec(m[1].split(/[?#]/)[0])
      if (own) named.push({ file, line: number, name: decodeURIComponent(own[1]) })
    }
  }
  return named
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * A path as a pattern over the repository's entries: `*` any name, a placeholder (`<name>`,
 * `{id}`, `:id`, `…`, `...`) any name, the rest literal (Medusa's `[id]` folders are real names).
 */
function pathPattern(name: string): string {
  return name
    .replace(/\/$/, "")
    .split("/")
    .map((segment) => {
      const placeholder = /<[^>]*>|\{[^}]*\}|^:\w+$|…|\.\.\./g
      return segment
        .split(placeholder)
        .map((part) => part.split("*").map(escapeRegExp).join("[^/]*"))
        .join("[^/]+")
    })
    .join("/")
}

/**
 * What is wrong with a named path, or null. A path that starts at one of the repository's top
 * folders must be there; else it may be relative to `src/` or, in a package's own docs, to that
 * package; a file named by its last folders only (`core/decisions.ts`) may live anywhere.
 */
function missingPath({ file, name }: NamedPath, all: string[] = entries()): string | null {
  if (ELSEWHERE.some((re) => re.test(name))) return null
  if (WRITTEN.some((written) => written.name === name)) return null
  const pattern = pathPattern(name)
  const inPackage = /^packages\/[^/]+\//.exec(file)?.[0] ?? ""
  const first = name.split("/")[0]
  const bases = ["", "src/", ...(inPackage ? [inPackage, `${inPackage}src/`] : [])]
  const anchored =
    (ROOT_FOLDERS.has(first) || SRC_FOLDERS.has(first)) && name.includes("/")
      ? bases.map((base) => new RegExp(`^${escapeRegExp(base)}${pattern}$`))
      : [new RegExp(`(?:^|/)${pattern}$`)]
  return all.some((entry) => anchored.some((re) => re.test(entry)))
    ? null
    : `${name} does not exist`
}

describe("GitHub's heading anchors", () => {
  it.each([
    ["Install in your store", "install-in-your-store"],
    [
      "Several instances (servers, workers and Redis)",
      "several-instances-servers-workers-and-redis",
    ],
    [
      "Module options (`medusa-payment-platega/modules/platega`)",
      "module-options-medusa-payment-plategamodulesplatega",
    ],
    ["Settings in the admin (Settings → Platega)", "settings-in-the-admin-settings--platega"],
    ["Medusa's DTC starter", "medusas-dtc-starter"],
    ["Payment links (money an order still needs)", "payment-links-money-an-order-still-needs"],
    [
      "Несколько экземпляров (серверы, воркеры и Redis)",
      "несколько-экземпляров-серверы-воркеры-и-redis",
    ],
    ["Вызовы Platega на один заказ", "вызовы-platega-на-один-заказ"],
    ["`platega_job_run` and **bold** [a link](x.md)", "platega_job_run-and-bold-a-link"],
    ["1.2.0 — Minor Changes", "120--minor-changes"],
  ])("%s → #%s", (heading, anchor) => {
    expect(slug(headingText(heading))).toBe(anchor)
  })

  it("numbers repeated headings -1, -2, and ignores headings in code blocks", () => {
    const anchors = anchorsOf(
      ["# Tests", "## Tests", "```md", "# Code", "```", "Tests", "-----", "### Tests-1", ""].join(
        "\n",
      ),
    )
    expect([...anchors]).toEqual(["tests", "tests-1", "tests-2", "tests-1-1"])
  })

  it("finds inline links, images and reference links, not those in code", () => {
    const md = [
      'See [a](docs/a.md#x) and ![img](docs/i.png "title"), `[not](code.md)`.',
      "[b](#here) [web](https://example.com) [mail](mailto:a@b.c)",
      "```",
      "[not](in-a-fence.md)",
      "```",
      "[ref]: other.md#y",
    ].join("\n")
    expect(linksOf("x.md", md).map((l) => l.target)).toEqual([
      "docs/a.md#x",
      "docs/i.png",
      "#here",
      "https://example.com",
      "mailto:a@b.c",
      "other.md#y",
    ])
  })

  it("reports a missing file and a missing anchor", () => {
    expect(brokenLink({ file: "README.md", line: 1, target: "docs/no-such-page.md" })).toMatch(
      /does not exist/,
    )
    expect(brokenLink({ file: "README.md", line: 1, target: "#no-such-heading" })).toMatch(
      /no heading of README.md makes the anchor #no-such-heading/,
    )
    expect(brokenLink({ file: "README.md", line: 1, target: "#install-in-your-store" })).toBeNull()
  })
})

describe("the source paths the documentation names", () => {
  const all = [
    "src/lib/platega/money.ts",
    "src/lib/platega",
    "src/providers/platega/services/card.ts",
    "src/providers/platega/services",
    "src/api/admin/platega/exports/[id]/route.ts",
    "src/api/admin/platega/exports/[id]",
    "packages/platega-sandbox/src/index.ts",
    "scripts/test.mjs",
  ]
  const check = (name: string, file = "docs/architecture.md") =>
    missingPath({ file, line: 1, name }, all)

  it("finds paths in inline code and links to the repository's files, not routes or packages", () => {
    const md = [
      "`src/lib/platega/money.ts` and `core/decisions.ts`, `services/*.ts`, `round-trips.spec.ts`.",
      "Routes `/hooks/platega`, packages `@medusajs/ui` and `medusa-payment-platega/workflows`,",
      "folders `steps/`, `text/plain`, `https://example.com/a.ts`, [x](https://github.com/platega-medusa/medusa-payment-platega/tree/main/demo/storefront).",
      "```",
      "`src/in-a-fence.ts`",
      "```",
    ].join("\n")
    expect(pathsOf("x.md", md).map((p) => `${p.line}:${p.name}`)).toEqual([
      "1:src/lib/platega/money.ts",
      "1:core/decisions.ts",
      "1:services/*.ts",
      "1:round-trips.spec.ts",
      "3:demo/storefront",
    ])
  })

  it("resolves paths from the root, from src/, by their last folders, and in a package", () => {
    expect(check("src/lib/platega/money.ts")).toBeNull()
    expect(check("lib/platega/money.ts")).toBeNull()
    expect(check("platega/money.ts")).toBeNull()
    expect(check("money.ts")).toBeNull()
    expect(check("src/index.ts", "packages/platega-sandbox/README.md")).toBeNull()
    expect(check("src/index.ts")).toMatch(/src\/index.ts does not exist/)
    expect(check("lib/platega/no-such-file.ts")).toBe("lib/platega/no-such-file.ts does not exist")
    expect(check("scripts/test.mjs")).toBeNull()
  })

  it("takes * and placeholders as any name, and [id] as a folder's real name", () => {
    expect(check("services/*.ts")).toBeNull()
    expect(check("services/*.tsx")).toMatch(/does not exist/)
    expect(check("src/providers/platega/services/<method>.ts")).toBeNull()
    expect(check("src/api/admin/platega/exports/[id]/route.ts")).toBeNull()
    expect(check("src/api/admin/platega/exports/:id/route.ts")).toBeNull()
    expect(check("src/api/admin/platega/payouts/[id]/route.ts")).toMatch(/does not exist/)
  })
})

describe("the documentation", () => {
  it("has the pages it is made of", () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(["docs/README.md", "docs/ru/README.md"]))
    expect(DOCUMENTS.length).toBeGreaterThan(10)
  })

  it("has no relative link to a missing file or heading", () => {
    const broken = DOCUMENTS.flatMap((file) =>
      linksOf(file, read(file)).flatMap((link) => {
        const problem = brokenLink(link)
        return problem ? [`${file}:${link.line} (${link.target}): ${problem}`] : []
      }),
    )
    expect(broken).toEqual([])
  })

  it("names only source paths that exist", () => {
    const missing = DOCUMENTS.filter((file) => !/(^|\/)CHANGELOG\.md$/.test(file)).flatMap((file) =>
      pathsOf(file, read(file)).flatMap((named) => {
        const problem = missingPath(named)
        return problem ? [`${file}:${named.line}: ${problem}`] : []
      }),
    )
    expect(missing).toEqual([])
  })

  it("names files the code writes as the code does", () => {
    for (const { writer, says } of WRITTEN) expect(read(writer)).toContain(says)
  })

  it("keeps README.md and README.ru.md to 300 lines each", () => {
    const long = ["README.md", "README.ru.md"]
      .map((file) => ({ file, lines: lineCount(read(file)) }))
      .filter(({ lines }) => lines > README_MAX_LINES)
    expect(long).toEqual([])
  })

  it("keeps every page under docs/ to 400 lines", () => {
    const long = markdownUnder("docs")
      .map((file) => ({ file, lines: lineCount(read(file)) }))
      .filter(({ lines }) => lines > PAGE_MAX_LINES)
    expect(long).toEqual([])
  })

  it("indexes every page under docs/ from docs/README.md (and the Russian ones from docs/ru/)", () => {
    for (const [index, dir] of [
      ["docs/README.md", "docs"],
      ["docs/ru/README.md", "docs/ru"],
    ]) {
      const linked = new Set(
        linksOf(index, read(index)).map((l) =>
          path.posix.normalize(path.posix.join(path.posix.dirname(index), l.target.split("#")[0])),
        ),
      )
      const pages = markdownUnder(dir).filter((f) => path.posix.dirname(f) === dir && f !== index)
      expect(pages.filter((p) => !linked.has(p))).toEqual([])
    }
  })
})
