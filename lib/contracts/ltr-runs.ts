/**
 * A run of Latin letters or digits, with what joins them inside one run (spaces, dots, dashes, slashes, bullets, Arabic separators),
 * and a currency sign at either end ("12.34 US$", "€12.34"): an amount is one run, its sign kept on its side.
 */
const LTR_RUN =
  /\p{Sc}?[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}\p{Sc} .,:/•+\-–\u00a0\u202f\u066b\u066c]*[\p{Script=Latin}\p{Nd}\p{Sc}])?/gu;

/**
 * A translated text cut into its left-to-right runs (card numbers, "3-D Secure", amounts, codes, a shop's Latin
 * name) and the rest, for a right-to-left page to isolate each run (`<bdi dir="ltr">`). Shared with browser code.
 */
export function ltrRuns(text: string): { text: string; ltr: boolean }[] {
  const parts: { text: string; ltr: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), ltr: false });
    parts.push({ text: match[0], ltr: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), ltr: false });
  return parts;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/**
 * The server-rendered pages' form of the same (the issuer's pages, the payment link's): the text escaped for HTML,
 * and on a right-to-left page each left-to-right run in `<bdi dir="ltr">`. A left-to-right page gets it escaped only.
 */
export function isolatedHtml(text: string, direction: "ltr" | "rtl"): string {
  if (direction !== "rtl") return escapeHtml(text);
  return ltrRuns(text)
    .map((part) => (part.ltr ? `<bdi dir="ltr">${escapeHtml(part.text)}</bdi>` : escapeHtml(part.text)))
    .join("");
}
