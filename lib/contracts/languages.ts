/** Languages of the hosted checkout, customer e-mails and messages; `en` when a request names none. */
export const LANGUAGES = [
  "en",
  "es",
  "tr",
  "de",
  "it",
  "ru",
  "zh",
  "fr",
  "da",
  "sv",
  "no",
  "fi",
  "pl",
  "ja",
  "be",
  "uk",
  "ka",
  "ro",
  "ar",
  "he",
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && LANGUAGE_SET.has(value);
}
