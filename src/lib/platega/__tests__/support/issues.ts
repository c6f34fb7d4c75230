/** The paths of a failed parse's issues, as "a.b.0" (none for a success). */
export function issuesOf(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[] }[] }
}): string[] {
  return (result.error?.issues ?? []).map((i) => i.path.map(String).join("."))
}
