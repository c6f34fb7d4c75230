import { StringDecoder } from "node:string_decoder"

/**
 * The elements of one top-level JSON array as they arrive in chunks, each parsed by V8's own
 * JSON.parse, with every top-level number of an object element kept as the text that was sent.
 *
 * Why not a streaming JSON parser: a tokenizer written in JavaScript looks at every character and
 * builds every value itself; on the transaction export that was three quarters of an export's
 * time. Here JavaScript only finds where each element ends (strings are skipped with indexOf, so
 * only brackets, braces, quotes and commas are looked at), and the native parser does the rest.
 * Memory stays one element plus one chunk, whatever the size of the array.
 */

export type ArrayFailure =
  | { kind: "empty" }
  | { kind: "not_array" }
  | { kind: "not_closed" }
  | { kind: "not_json"; detail: string }

export class JsonArrayError extends Error {
  constructor(readonly failure: ArrayFailure) {
    super(failure.kind === "not_json" ? failure.detail : failure.kind)
    this.name = "JsonArrayError"
  }
}

const enum State {
  /** before the opening bracket */
  Before,
  /** after "[": an element or "]" */
  Open,
  /** after ",": an element */
  Next,
  /** inside an element (until a "," or "]" outside any string, bracket or brace) */
  Element,
  /** after the closing "]": only whitespace */
  Closed,
}

const QUOTE = 34
const BACKSLASH = 92
const COMMA = 44
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const OPEN_BRACE = 123
const CLOSE_BRACE = 125

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

/** Characters a JSON value other than an array can begin with. */
function startsJsonValue(c: number): boolean {
  return (
    c === OPEN_BRACE ||
    c === QUOTE ||
    c === 45 ||
    (c >= 48 && c <= 57) ||
    c === 116 ||
    c === 102 ||
    c === 110
  )
}

/** Index of the quote that closes the string whose opening quote is before `from`; -1 if not in `text`. */
function closingQuote(text: string, from: number): number {
  for (let j = text.indexOf('"', from); j !== -1; j = text.indexOf('"', j + 1)) {
    let slashes = 0
    for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++
    if (slashes % 2 === 0) return j
  }
  return -1
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * The top-level numbers of one object's JSON text, as sent, by key (a repeated key: the last one,
 * as JSON.parse keeps). Called only on text JSON.parse has accepted.
 */
export function numberTexts(text: string): Map<string, string> {
  const found = new Map<string, string>()
  let depth = 0
  let key: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = closingQuote(text, i + 1)
      // At depth 1 a string followed by ":" is a key.
      if (depth === 1) {
        let k = end + 1
        while (isSpace(text.charCodeAt(k))) k++
        if (text.charCodeAt(k) === 58) {
          const raw = text.slice(i + 1, end)
          key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw
          i = k
          continue
        }
      }
      i = end
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
    } else if (depth === 1 && key !== undefined && (c === 45 || (c >= 48 && c <= 57))) {
      NUMBER.lastIndex = i
      const m = NUMBER.exec(text)
      if (m) {
        found.set(key, m[0])
        i += m[0].length - 1
      }
      key = undefined
    } else if (!isSpace(c)) {
      key = undefined
    }
  }
  return found
}

/** An element as JSON.parse gives it, but for an object's top-level numbers: their text as sent. */
function parseElement(text: string): unknown {
  const value: unknown = JSON.parse(text)
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value
  const record = value as Record<string, unknown>
  let numbers = false
  for (const k in record) {
    if (typeof record[k] === "number") {
      numbers = true
      break
    }
  }
  if (numbers) for (const [k, t] of numberTexts(text)) record[k] = t
  return record
}

function fail(failure: ArrayFailure): never {
  throw new JsonArrayError(failure)
}

function parse(text: string): unknown {
  try {
    return parseElement(text)
  } catch (e) {
    return fail({ kind: "not_json", detail: e instanceof Error ? e.message : String(e) })
  }
}

/** Finds the elements in text fed to it piece by piece; keeps only the element in progress. */
class ArrayScanner {
  private state = State.Before
  /** the unparsed text: the element in progress, then the latest piece */
  private text = ""
  /** where the element in progress begins in `text` */
  private start = 0
  /** where scanning resumes in `text` */
  private pos = 0
  /** brackets and braces open in the element in progress */
  private depth = 0
  private inString = false
  private sawAnything = false

  /** The elements completed by this piece of text. */
  push(piece: string): unknown[] {
    this.text += piece
    const out = this.scan()
    if (this.state === State.Element) {
      this.text = this.text.slice(this.start)
      this.pos -= this.start
      this.start = 0
    } else {
      this.text = ""
      this.pos = 0
    }
    return out
  }

  /** Checks the text ended where an array may end. */
  end(): void {
    if (!this.sawAnything) fail({ kind: "empty" })
    if (this.state !== State.Closed) fail({ kind: "not_closed" })
  }

  private scan(): unknown[] {
    const out: unknown[] = []
    const text = this.text
    const n = text.length
    let pos = this.pos
    try {
      while (pos < n) {
        if (this.state === State.Element) {
          if (this.inString) {
            const end = closingQuote(text, pos)
            // Not closed yet: resume with the next piece (the backslashes before a quote stay in text).
            if (end === -1) return out
            this.inString = false
            pos = end + 1
            continue
          }
          const c = text.charCodeAt(pos)
          if (c === QUOTE) {
            this.inString = true
          } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
            this.depth++
          } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && this.depth > 0) {
            this.depth--
          } else if (this.depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
            out.push(parse(text.slice(this.start, pos)))
            this.state = c === COMMA ? State.Next : State.Closed
          }
          pos++
          continue
        }
        const c = text.charCodeAt(pos)
        if (isSpace(c)) {
          pos++
          continue
        }
        this.sawAnything = true
        switch (this.state) {
          case State.Before:
            if (c !== OPEN_BRACKET) {
              fail(
                startsJsonValue(c)
                  ? { kind: "not_array" }
                  : { kind: "not_json", detail: "unexpected character" },
              )
            }
            this.state = State.Open
            pos++
            break
          case State.Open:
          case State.Next:
            if (c === CLOSE_BRACKET && this.state === State.Open) {
              this.state = State.Closed
              pos++
              break
            }
            if (c === COMMA || c === CLOSE_BRACKET) {
              fail({ kind: "not_json", detail: "expected a value" })
            }
            this.state = State.Element
            this.start = pos
            this.depth = 0
            break
          case State.Closed:
            fail({ kind: "not_json", detail: "text after the closing bracket" })
        }
      }
      return out
    } finally {
      this.pos = pos
    }
  }
}

/**
 * Yields the elements of the JSON array in `source` (Buffers of UTF-8, or strings), a batch per
 * piece read. Throws a JsonArrayError for a body that is empty, not an array, not JSON, or not
 * closed (elements completed in earlier pieces have been yielded by then).
 */
export async function* jsonArrayElements(
  source: AsyncIterable<Buffer | string>,
): AsyncGenerator<unknown[]> {
  const decoder = new StringDecoder("utf8")
  const scanner = new ArrayScanner()
  for await (const chunk of source) {
    const out = scanner.push(typeof chunk === "string" ? chunk : decoder.write(chunk))
    if (out.length > 0) yield out
  }
  const out = scanner.push(decoder.end())
  if (out.length > 0) yield out
  scanner.end()
}
