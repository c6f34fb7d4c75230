const RU = new Intl.PluralRules("ru")

/** The Russian form of a word for `n` (1 день, 2 дня, 5 дней), by the language's own rules. */
export function ruPlural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = RU.select(n)
  return rule === "one" ? one : rule === "few" ? few : many
}
