/** An error's message; workflow errors may arrive as plain objects (serialized across the engine). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  if (e && typeof e === "object" && "message" in e)
    return String((e as { message: unknown }).message)
  return JSON.stringify(e)
}
