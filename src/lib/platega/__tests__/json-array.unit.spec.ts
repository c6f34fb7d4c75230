import { Readable } from "node:stream"
import fc from "fast-check"
import { JsonArrayError, jsonArrayElements } from "../json-array"

/** Feeds text in chunks of `size` bytes, so quotes, escapes, numbers and UTF-8 sequences split. */
function chunked(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, "utf8")
  const parts: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size))
  return Readable.from(parts)
}

async function elements(text: string, size: number): Promise<unknown[]> {
  const out: unknown[] = []
  for await (const batch of jsonArrayElements(chunked(text, size))) out.push(...batch)
  return out
}

async function failure(text: string, size = 3): Promise<string> {
  try {
    await elements(text, size)
  } catch (e) {
    if (e instanceof JsonArrayError) return e.failure.kind
    throw e
  }
  throw new Error("expected a failure")
}

const SIZES = [1, 2, 3, 5, 8, 64, 4096]

describe("jsonArrayElements (@streamparser/json, numbers as text)", () => {
  it("yields what JSON.parse gives, but for numbers, kept as the text sent", async () => {
    const body = ` [
      {"amount": 1500.10, "key\\"s": -0.5e+3, "nested": {"amount": 2.50, "list": [1.0, "]"]}},
      {"text": "a \\\\\\" } ] , { [ \\\\", "ru": "Заказ №1 — ✓", "n": null, "t": true},
      "a string", 12.50, [1, {"x": 2}], null
    ] `
    for (const size of SIZES) {
      expect(await elements(body, size)).toEqual([
        { amount: "1500.10", 'key"s': "-0.5e+3", nested: { amount: "2.50", list: ["1.0", "]"] } },
        { text: 'a \\" } ] , { [ \\', ru: "Заказ №1 — ✓", n: null, t: true },
        "a string",
        "12.50",
        ["1", { x: "2" }],
        null,
      ])
    }
  })

  it("an empty array has no elements", async () => {
    for (const body of ["[]", " [ \n ] ", "[\t]"]) expect(await elements(body, 1)).toEqual([])
  })

  it.each([
    ["nothing", "empty", ""],
    ["whitespace only", "empty", "  \n "],
    ["an object", "not_array", '{"a":1}'],
    ["a string", "not_array", '"[1]"'],
    ["HTML", "not_json", "<html>oops</html>"],
    ["an unclosed array", "not_closed", '[{"a":1}'],
    ["an unclosed string", "not_closed", '[{"a":"b'],
    ["a trailing comma", "not_json", "[1,]"],
    ["a leading comma", "not_json", "[,1]"],
    ["two commas", "not_json", "[1,,2]"],
    ["a broken element", "not_json", '[{"a":}]'],
    ["a stray brace", "not_json", '[{"a":1}}]'],
    ["text after the array", "not_json", "[1] x"],
    ["a second array", "not_json", "[1][2]"],
  ])("%s fails as %s", async (_name, kind, body) => {
    for (const size of [1, 3, 1024]) expect(await failure(body, size)).toBe(kind)
  })

  it("elements before a failure are yielded first", async () => {
    const seen: unknown[] = []
    await expect(
      (async () => {
        for await (const batch of jsonArrayElements(chunked('[{"a":1},{"b":2},{"c":', 9))) {
          seen.push(...batch)
        }
      })(),
    ).rejects.toThrow(JsonArrayError)
    expect(seen).toEqual([{ a: "1" }, { b: "2" }])
  })

  it("accepts strings as chunks", async () => {
    const out: unknown[] = []
    for await (const batch of jsonArrayElements(Readable.from(['[{"a":0.1', "0}, 2]"]))) {
      out.push(...batch)
    }
    expect(out).toEqual([{ a: "0.10" }, "2"])
  })

  it("any array of JSON values, split anywhere, gives what JSON.parse gives", async () => {
    // Numbers come back as their text, which for JSON.stringify's output is String(number).
    const expected = (value: unknown): unknown =>
      typeof value === "number"
        ? String(value)
        : Array.isArray(value)
          ? value.map(expected)
          : typeof value === "object" && value !== null
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v)]))
            : value
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 3 })),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async (values, size, spaced) => {
          const body = JSON.stringify(values, null, spaced ? 1 : undefined)
          const parsed = JSON.parse(body) as unknown[]
          expect(await elements(body, size)).toEqual(parsed.map(expected))
        },
      ),
      { numRuns: 300 },
    )
  })
})
