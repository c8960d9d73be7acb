import { brandColourFor } from "@/lib/contracts/contrast";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The page's one inline style: the shop's colour per theme, moved just far enough to keep 4.5:1 against the page in
 * each (contrast.ts). Null for no colour or anything but `#rrggbb` (nothing else may reach a style element).
 */
export function brandStyleSheet(colour: string | null | undefined): string | null {
  if (!colour || !HEX_COLOUR.test(colour)) return null;
  const light = brandColourFor(colour, "light");
  const dark = brandColourFor(colour, "dark");
  // A framing merchant's button colour (--frame-brand, frame-style.ts) wins over the shop's: the frame asked for it.
  return `.checkout{--brand:var(--frame-brand,${light})}@media (prefers-color-scheme:dark){.checkout{--brand:var(--frame-brand,${dark})}}`;
}

/**
 * The CSP source allowing exactly `css` as an inline style (`'sha256-…'`). The nonce alone is not enough: a page
 * reached by a client-side navigation (a server action's redirect to the result page) is rendered for another
 * request with another nonce, while the document keeps its first policy; the same shop's style has the same hash.
 */
export async function styleHashSource(css: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
