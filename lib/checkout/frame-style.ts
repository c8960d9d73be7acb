import { readableColour } from "@/lib/contracts/contrast";

/**
 * What a framing merchant page may change of the payment page's look (beGateway's widget message
 * `{css: {<property>: <value>, …}}`): colours, the font family and the corner radius, mapped onto the page's own
 * theme variables. Anything else — another property, a value that could load something (`url(`, `image-set(`,
 * `@import`) or break out of its declaration — is ignored. Colours are taken as `#rgb`, `#rrggbb` or
 * `rgb(r, g, b)` and kept readable as the shop's own colour is: each is moved just far enough to reach 4.5:1
 * against what it is drawn with in the shopper's theme (a merchant's dark text must not vanish on the dark theme).
 * Shared with browser code: plain data and functions only.
 */

const FONT_FAMILY = /^[\p{L}\p{N} ,'"-]{1,120}$/u;
const LENGTH = /^(0|\d{1,3}(\.\d{1,2})?(px|rem|em|%))$/;

type Kind = "colour" | "font" | "length";

/** Allowed property → the page's variable it sets, and the kind of value it takes. */
const ALLOWED: Readonly<Record<string, { variable: string; kind: Kind }>> = {
  color: { variable: "--fg", kind: "colour" },
  "background-color": { variable: "--bg", kind: "colour" },
  background: { variable: "--bg", kind: "colour" },
  // The page's --brand reads this first (checkout.css, brand-style.ts): the shop's own colour is only its fallback.
  "button-color": { variable: "--frame-brand", kind: "colour" },
  "accent-color": { variable: "--frame-brand", kind: "colour" },
  "font-family": { variable: "--font", kind: "font" },
  "border-radius": { variable: "--radius", kind: "length" },
};

/**
 * The page's own colours in each theme (app/globals.css, app/checkout/checkout.css): text, muted text, page, cards
 * and fields, the text on the brand colour; and which way a colour moves to gain contrast.
 */
export const FRAME_THEMES = {
  light: {
    fg: "#14171f",
    muted: "#5b6270",
    bg: "#f6f7f9",
    card: "#ffffff",
    inputBg: "#ffffff",
    onBrand: "#ffffff",
    towardsText: "#000000",
    towardsSurface: "#ffffff",
  },
  dark: {
    fg: "#e8eaee",
    muted: "#aab1bd",
    bg: "#111318",
    card: "#1b1f27",
    inputBg: "#111318",
    onBrand: "#111318",
    towardsText: "#ffffff",
    towardsSurface: "#000000",
  },
} as const;

export type FrameTheme = keyof typeof FRAME_THEMES;

const hex2 = (value: number) => value.toString(16).padStart(2, "0");

/** `#rrggbb` for `#rgb`, `#rrggbb` or `rgb(r, g, b)`; null for anything else (names, transparency, functions). */
export function frameColour(value: string): string | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
  if (!rgb) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
  return channels.every((channel) => channel <= 255) ? `#${channels.map(hex2).join("")}` : null;
}

function accepted(kind: Kind, value: string): string | null {
  if (/url|image|import|expression|var\(|[;{}\\]/i.test(value)) return null;
  if (kind === "colour") return frameColour(value);
  return (kind === "font" ? FONT_FAMILY : LENGTH).test(value) ? value : null;
}

/**
 * The allowed declarations of a `{css}` message as page variables, for the shopper's theme; nothing for anything
 * that is not an object. The page's background keeps 4.5:1 with its muted text (and so with its text); the text
 * colour with the page, its cards and fields; the button colour with those and with the text drawn on it.
 */
export function frameStyleVariables(
  css: unknown,
  theme: FrameTheme = "light",
): [variable: string, value: string][] {
  if (css === null || typeof css !== "object" || Array.isArray(css)) return [];
  const found = new Map<string, string>();
  for (const [property, raw] of Object.entries(css as Record<string, unknown>)) {
    const rule = ALLOWED[property.trim().toLowerCase()];
    if (!rule || typeof raw !== "string") continue;
    const value = accepted(rule.kind, raw.trim());
    if (value !== null) found.set(rule.variable, value);
  }
  const colours = FRAME_THEMES[theme];
  const bg = found.get("--bg");
  if (bg) found.set("--bg", readableColour(bg, [colours.muted], colours.towardsSurface));
  const page = found.get("--bg") ?? colours.bg;
  const fg = found.get("--fg");
  if (fg) found.set("--fg", readableColour(fg, [page, colours.card, colours.inputBg], colours.towardsText));
  const brand = found.get("--frame-brand");
  if (brand) {
    found.set(
      "--frame-brand",
      readableColour(brand, [page, colours.card, colours.onBrand], colours.towardsText),
    );
  }
  return [...found];
}

/**
 * Keeps the messages that arrive before the page's script runs, for FrameBridge (a nonce'd inline script: the
 * parent may send its style as soon as the frame has loaded, before the page is interactive).
 */
export const FRAME_INBOX_SCRIPT =
  'window.__tesseraInbox=[];addEventListener("message",function(e){var b=window.__tesseraInbox;if(b)b.push(e)});';
