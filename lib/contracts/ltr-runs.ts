import { escapeHtml } from "./html";

/**
 * A run of Latin letters or digits, with what joins them inside one run (spaces, dots, dashes, slashes, bullets, Arabic separators),
 * and a currency sign at either end ("12.34 US$", "€12.34"): an amount is one run, its sign kept on its side.
 */
const LTR_RUN =
  /\p{Sc}?[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}\p{Sc} .,:/•+\-–\u00a0\u202f\u066b\u066c]*[\p{Script=Latin}\p{Nd}\p{Sc}])?/gu;

/** A part of a text as a right-to-left page draws it: a left-to-right run, a merchant's string, or the rest. */
export interface TextPart {
  text: string;
  /** A left-to-right run (card numbers, "3-D Secure", amounts): isolated as `<bdi dir="ltr">`. */
  ltr: boolean;
  /** A merchant's string (shop name, description, plan): isolated whole as `<bdi>`, in its own direction. */
  whole?: true;
}

/** The runs of a stretch of translated text (no merchant string in it). */
function runsOf(text: string, parts: TextPart[]): void {
  let last = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), ltr: false });
    parts.push({ text: match[0], ltr: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), ltr: false });
}

/**
 * A translated text cut into its left-to-right runs (card numbers, "3-D Secure", amounts, codes) and the rest, for
 * a right-to-left page to isolate each run (`<bdi dir="ltr">`). The merchant's strings filled into it (`whole`: a
 * shop's name, a plan's title) are each one part of their own, never cut: "Marks & Spencer" cut at its "&" and
 * isolated piece by piece reads "Spencer & Marks" in Arabic. Shared with browser code.
 */
export function ltrRuns(text: string, whole: readonly (string | null | undefined)[] = []): TextPart[] {
  const parts: TextPart[] = [];
  const merchant = [...new Set(whole.filter((value): value is string => Boolean(value?.trim())))].sort(
    (a, b) => b.length - a.length,
  );
  let rest = text;
  while (rest.length > 0) {
    // The earliest merchant string in what is left (the longest where two start at the same place).
    let at = -1;
    let found = "";
    for (const value of merchant) {
      const index = rest.indexOf(value);
      if (index !== -1 && (at === -1 || index < at)) {
        at = index;
        found = value;
      }
    }
    if (at === -1) {
      runsOf(rest, parts);
      break;
    }
    if (at > 0) runsOf(rest.slice(0, at), parts);
    parts.push({ text: found, ltr: false, whole: true });
    rest = rest.slice(at + found.length);
  }
  return parts;
}

/**
 * The server-rendered pages' form of the same (the issuer's pages, the payment link's): the text escaped for HTML,
 * and on a right-to-left page each left-to-right run in `<bdi dir="ltr">`, each merchant string in `<bdi>`. A left-to-right page gets it escaped only.
 */
export function isolatedHtml(
  text: string,
  direction: "ltr" | "rtl",
  whole: readonly (string | null | undefined)[] = [],
): string {
  if (direction !== "rtl") return escapeHtml(text);
  return ltrRuns(text, whole)
    .map((part) =>
      part.whole
        ? `<bdi>${escapeHtml(part.text)}</bdi>`
        : part.ltr
          ? `<bdi dir="ltr">${escapeHtml(part.text)}</bdi>`
          : escapeHtml(part.text),
    )
    .join("");
}
