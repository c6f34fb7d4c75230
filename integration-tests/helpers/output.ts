import type { MedusaContainer } from "@medusajs/framework/types"

/** Everything written to stdout/stderr and to Medusa's logger, to search for what must (not) be there. */
export function captureOutput(container: () => MedusaContainer): {
  text: () => string
  lines: () => string[]
  stop: () => void
} {
  const chunks: string[] = []
  const restore: (() => void)[] = []
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(String(chunk))
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
    restore.push(() => {
      stream.write = original as typeof stream.write
    })
  }
  const logger = container().resolve("logger") as unknown as Record<string, unknown>
  for (const level of [
    "debug",
    "info",
    "warn",
    "error",
    "log",
    "panic",
    "activity",
    "progress",
    "success",
    "failure",
  ]) {
    const original = logger[level]
    if (typeof original !== "function") continue
    logger[level] = (...args: unknown[]) => {
      chunks.push(args.map((a) => (typeof a === "string" ? a : safeJson(a))).join(" "))
      return (original as (...a: unknown[]) => unknown).apply(logger, args)
    }
    restore.push(() => {
      logger[level] = original
    })
  }
  return {
    text: () => chunks.join("\n"),
    lines: () => chunks.join("\n").split("\n"),
    stop: () => restore.forEach((r) => r()),
  }
}

function safeJson(v: unknown): string {
  try {
    return v instanceof Error ? `${v.name}: ${v.message} ${v.stack ?? ""}` : JSON.stringify(v)
  } catch {
    return String(v)
  }
}
