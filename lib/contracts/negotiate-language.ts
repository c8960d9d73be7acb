import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/** Codes browsers send for a language the checkout knows under another code. */
const ALIASES: Record<string, Language> = { nb: "no", nn: "no", iw: "he", in: "id" };

/**
 * The checkout language a browser's `Accept-Language` prefers, for pages that have no session or transaction to
 * take it from (an unknown payment link, an unknown 3-D Secure page). Ranges are read by their `q` weight; a region or script (`pt-BR`, `zh-Hans`) counts as its
 * language. English when nothing matches.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranges = acceptLanguage
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [range, ...parameters] = part.trim().split(";");
      const weight = parameters
        .map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1])
        .find(Boolean);
      return { range: range.trim().toLowerCase(), quality: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { range } of ranges) {
    const primary = range.split("-")[0];
    const language = ALIASES[primary] ?? primary;
    if (isLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}
