import { defineCatalogues, type Locale, localeOf } from "@/lib/contracts/catalogues";
import { readableColour } from "@/lib/contracts/contrast";
import { escapeHtml } from "@/lib/contracts/html";
import { isolatedHtml } from "@/lib/contracts/ltr-runs";
import * as byLanguage from "./messages/by-language";
import type { ShellMessages } from "./messages/types";

/**
 * The one shell of every HTML page the gateway renders itself (the sandbox issuer's 3-D Secure pages, a payment or
 * plan link that opens no checkout, the receipt): the document, the language and direction, the light and dark
 * palettes, margins that keep the card off the screen's edges, the shop's colour on links and buttons, the shop's
 * name at the head and a way back to its site. Each page supplies only its body (and styles of its own, if any).
 * Plain HTML: no third-party resources, the style block (and a page's own script) by nonce.
 */

export const SHELL_MESSAGES = /* @__PURE__ */ defineCatalogues<ShellMessages>(byLanguage);

/**
 * The pages' palette, light and dark. Text (`fg`, `muted`, `error`) reaches 4.5:1 on the card and on the test notice
 * in both themes (a unit test measures it); `line` and `noteLine` only outline what the background already sets
 * apart; `accent` is the default when the shop has no colour of its own.
 */
export const PAGE_PALETTE = {
  light: {
    bg: "#eef0f3",
    card: "#ffffff",
    fg: "#1a1d23",
    muted: "#4a5160",
    line: "#c4c9d2",
    field: "#5b6270",
    accent: "#1d4ed8",
    onAccent: "#ffffff",
    ring: "#0b1f66",
    error: "#b3261e",
    noteBg: "#fff6d5",
    noteLine: "#8a6d00",
    towards: "#000000",
  },
  dark: {
    bg: "#111318",
    card: "#1b1f27",
    fg: "#e8eaee",
    muted: "#aab1bd",
    line: "#3a404c",
    field: "#8a93a3",
    accent: "#8ab4ff",
    onAccent: "#111318",
    ring: "#ffffff",
    error: "#ff8a80",
    noteBg: "#2e2310",
    noteLine: "#d08a2e",
    towards: "#ffffff",
  },
} as const;

type Palette = (typeof PAGE_PALETTE)[keyof typeof PAGE_PALETTE];

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The shop's colour as a theme can show it: as link text on the card and the page, and as a button's background
 * under the button's text, each at 4.5:1 (moved towards black or white just far enough, as on the payment page).
 * The default accent for no colour, or anything but `#rrggbb` (nothing else may reach the style block).
 */
export function accentFor(colour: string | null | undefined, palette: Palette): string {
  if (!colour || !HEX_COLOUR.test(colour)) return palette.accent;
  return readableColour(colour, [palette.card, palette.bg, palette.onAccent], palette.towards);
}

function properties(palette: Palette, colour: string | null | undefined): string {
  return [
    `--bg:${palette.bg}`,
    `--card:${palette.card}`,
    `--fg:${palette.fg}`,
    `--muted:${palette.muted}`,
    `--line:${palette.line}`,
    `--field:${palette.field}`,
    `--accent:${accentFor(colour, palette)}`,
    `--on-accent:${palette.onAccent}`,
    `--ring:${palette.ring}`,
    `--error:${palette.error}`,
    `--note-bg:${palette.noteBg}`,
    `--note-line:${palette.noteLine}`,
  ].join(";");
}

/**
 * The shell's styles: logical properties only, so a right-to-left page mirrors; the body's padding keeps the card a
 * margin from the screen's edges at any width (320 px included); line breaking by script as on the payment page.
 */
function shellStyles(colour: string | null | undefined): string {
  return `
:root{color-scheme:light dark;${properties(PAGE_PALETTE.light, colour)}}
@media (prefers-color-scheme:dark){:root{${properties(PAGE_PALETTE.dark, colour)}}}
*{box-sizing:border-box}
body{margin:0;padding-block:1rem;padding-inline:1rem;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:break-word}
:lang(ja){word-break:keep-all;line-break:strict;overflow-wrap:anywhere}
@supports (word-break:auto-phrase){:lang(ja){word-break:auto-phrase}}
:lang(ko){word-break:keep-all;overflow-wrap:anywhere}
main{max-inline-size:28rem;margin-block:1rem;margin-inline:auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-block-start:4px solid var(--accent);border-radius:.5rem}
.shop{margin-block:0 1rem;margin-inline:0;font-weight:600;font-size:1.1rem}
h1{margin-block:0 .5rem;margin-inline:0;font-size:1.5rem;line-height:1.25}
dl{margin-block:1rem;margin-inline:0;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.4rem 1rem}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
a{color:var(--accent);text-underline-offset:.2em}
.button{display:inline-block;padding-block:.625rem;padding-inline:1.25rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid var(--accent);background:var(--accent);color:var(--on-accent);text-decoration:none;cursor:pointer}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.button:focus-visible{outline-color:var(--ring)}
.back{margin-block:1.25rem 0;margin-inline:0}
`;
}

export type ShellLocale = Pick<Locale<unknown>, "language" | "dir">;

export interface PageShell {
  locale: ShellLocale;
  nonce: string;
  /** The document's title (the browser tab). */
  title: string;
  /** The shop whose page this is: its name heads the page (unless `shopHeading` is false), its colour the accent. */
  shop?: { name: string; color: string | null } | null;
  /** False where the body names the shop itself (the issuer's page names the merchant in its summary). */
  shopHeading?: boolean;
  /** The shop's site, for the "Back to {shop}" link under the body; none when the shop gave none. */
  backUrl?: string | null;
  /** The page's own styles, after the shell's. */
  styles?: string;
  /** The page's body: what it says, in its language. */
  body: string;
  /** Under the body and the way back (a page's trust line, its script by nonce). */
  footer?: string;
}

/** `url` when it is an absolute http(s) address, else null: nothing else may become a link's target. */
function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The whole document around a page's body. */
export function renderPageShell(page: PageShell): string {
  const { locale, shop } = page;
  const messages = localeOf(SHELL_MESSAGES, locale.language).messages;
  const backUrl = webAddress(page.backUrl);
  const heading =
    shop && page.shopHeading !== false ? `<p class="shop"><bdi>${escapeHtml(shop.name)}</bdi></p>\n` : "";
  const back =
    shop && backUrl
      ? `<p class="back"><a href="${escapeHtml(backUrl)}">${isolatedHtml(
          messages.backTo.replace("{shop}", shop.name),
          locale.dir,
          [shop.name],
        )}</a></p>\n`
      : "";
  return `<!doctype html>
<html lang="${locale.language}" dir="${locale.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style nonce="${page.nonce}">${shellStyles(shop?.color)}${page.styles ?? ""}</style>
</head>
<body>
<main>
${heading}${page.body}
${back}${page.footer ?? ""}</main>
</body>
</html>`;
}
