/**
 * A refusal the admin reads as it comes (Medusa's dashboard shows a provider's error in its toast),
 * in both of the plugin's languages: the server cannot know which one the admin reads the
 * dashboard in (Medusa keeps that choice in the browser). Russian first, for the Russian stores
 * Platega serves.
 */
export function bothLanguages(text: { ru: string; en: string }): string {
  return `${text.ru} / ${text.en}`
}
