import { randomUUID } from "node:crypto"

// Deterministic randomness. Fault decisions are drawn per stream ("GET /transaction/:id",
// "callback.drop", …) from (seed, stream, n) rather than from one shared sequence, so a request on
// one endpoint never shifts the decisions of another: a sequential run repeats exactly.

function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d)
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b)
  return (x ^ (x >>> 16)) >>> 0
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k))
}

/** A uniform number in [0, 1) fixed by (seed, stream, n). */
export function draw(seed: number, stream: string, n: number): number {
  const h = mix32(mix32(mix32(seed >>> 0) ^ fnv1a(stream)) ^ (n >>> 0) ^ Math.floor(n / 2 ** 32))
  return h / 2 ** 32
}

/**
 * A sequential generator for seeded data: xoshiro128** (128-bit state, seeded through splitmix32),
 * so id streams of different seeds never run into each other the way 32-bit generators can.
 */
export class SeededRandom {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    let x = seed >>> 0
    const splitmix = () => {
      x = (x + 0x9e3779b9) >>> 0
      let z = x
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
      return (z ^ (z >>> 16)) >>> 0
    }
    this.a = splitmix()
    this.b = splitmix()
    this.c = splitmix()
    this.d = splitmix()
  }

  next(): number {
    return this.uint32() / 2 ** 32
  }

  get state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d]
  }

  set state([a, b, c, d]: [number, number, number, number]) {
    this.a = a
    this.b = b
    this.c = c
    this.d = d
  }

  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0
    const t = this.b << 9
    this.c ^= this.a
    this.d ^= this.b
    this.b ^= this.c
    this.a ^= this.d
    this.c ^= t
    this.d = rotl(this.d, 11)
    return result
  }

  /** A version-4 UUID built from this generator (repeatable for a seed). */
  uuid(): string {
    const bytes = UUID_BYTES
    for (let k = 0; k < 16; k += 4) {
      const n = this.uint32()
      bytes[k] = n >>> 24
      bytes[k + 1] = (n >>> 16) & 0xff
      bytes[k + 2] = (n >>> 8) & 0xff
      bytes[k + 3] = n & 0xff
    }
    return formatUuid(bytes)
  }
}

const UUID_BYTES = new Uint8Array(16)
const UUID_TEXT = Buffer.alloc(36)
const HEX = Buffer.from("0123456789abcdef", "latin1")
const DASHES = new Set([8, 13, 18, 23])

/**
 * Formats 16 bytes as a v4 UUID. Writing ASCII into a buffer and decoding it once yields one flat
 * 36-byte string; building it by concatenation would leave a rope of string pieces per id, which
 * triples the heap of a million seeded rows.
 */
function formatUuid(bytes: Uint8Array): string {
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  let pos = 0
  for (let k = 0; k < 16; k++) {
    if (DASHES.has(pos)) UUID_TEXT[pos++] = 0x2d
    UUID_TEXT[pos++] = HEX[bytes[k] >>> 4]
    UUID_TEXT[pos++] = HEX[bytes[k] & 0x0f]
  }
  return UUID_TEXT.toString("latin1", 0, 36)
}

/** Ids: repeatable when the sandbox has a seed, random otherwise. */
export class IdSource {
  private readonly rng: SeededRandom | undefined

  constructor(seed: number | undefined) {
    this.rng = seed === undefined ? undefined : new SeededRandom(mix32(seed ^ 0x1d5))
  }

  uuid(): string {
    return this.rng ? this.rng.uuid() : randomUUID()
  }

  /** Where a seeded id stream stands (persistence: a restart must not repeat ids); null if random. */
  snapshot(): [number, number, number, number] | null {
    return this.rng ? this.rng.state : null
  }

  restore(state: [number, number, number, number] | null): void {
    if (this.rng && state) this.rng.state = state
  }
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 32) >>> 0
}
