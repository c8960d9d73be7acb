/** Languages of the hosted checkout, customer e-mails and messages; `en` when a request names none. */
export const LANGUAGES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "nl",
  "pl",
  "ru",
  "uk",
  "be",
  "tr",
  "zh",
  "ja",
  "ko",
  "ar",
  "he",
  "fa",
  "cs",
  "sk",
  "sl",
  "hr",
  "sr",
  "bg",
  "ro",
  "hu",
  "el",
  "da",
  "sv",
  "no",
  "fi",
  "et",
  "lv",
  "lt",
  "ka",
  "hy",
  "kk",
  "vi",
  "th",
  "id",
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Written right to left: the page gets `dir="rtl"` (numbers, card data and amounts stay left to right). */
export const RIGHT_TO_LEFT_LANGUAGES: readonly Language[] = ["ar", "he", "fa"];

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && LANGUAGE_SET.has(value);
}

export function languageDirection(language: Language): "ltr" | "rtl" {
  return RIGHT_TO_LEFT_LANGUAGES.includes(language) ? "rtl" : "ltr";
}

export interface LanguageOption {
  code: Language;
  /** The language named in itself ("Deutsch", "العربية"), for a language list. */
  name: string;
}

let options: LanguageOption[] | null = null;

/** Every language, named in itself, in the order of `LANGUAGES` (worked out once). */
export function languageOptions(): LanguageOption[] {
  options ??= LANGUAGES.map((code) => {
    const name = new Intl.DisplayNames([code], { type: "language", fallback: "code" }).of(code) ?? code;
    // "français", "español": a name standing alone in a list starts with a capital where the script has one
    // (Georgian's capital letters are not used that way).
    if (code === "ka") return { code, name };
    return { code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
  });
  return options;
}
