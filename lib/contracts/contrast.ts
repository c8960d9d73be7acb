/**
 * WCAG 2 contrast for the shop's brand colour. The page draws the colour as text and borders on its cards and as
 * the primary button's background under the button's text, in a light and a dark theme; a merchant's colour that
 * is too light (or, in the dark theme, too dark) is moved towards black (white) just far enough to keep 4.5:1.
 */

export const MINIMUM_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

/** The page's surfaces the brand colour must stand out from, and the text drawn on it, per theme. */
export const THEME_SURFACES = {
  light: { surfaces: ["#ffffff", "#f6f7f9"], onBrand: "#ffffff", towards: "#000000" },
  dark: { surfaces: ["#1b1f27", "#111318"], onBrand: "#111318", towards: "#ffffff" },
} as const;

function channels(hex: string): [number, number, number] {
  const match = HEX.exec(hex);
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** Relative luminance (WCAG 2.2, "relative luminance"). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function mix(from: string, to: string, amount: number): string {
  const a = channels(from);
  const b = channels(to);
  return toHex(
    [0, 1, 2].map((index) => a[index] + (b[index] - a[index]) * amount) as [number, number, number],
  );
}

/**
 * `colour` as the given theme can show it: unchanged when it reaches 4.5:1 against every surface and the text on
 * it, else the smallest step (of 1/64) towards black or white that does. Black and white always do.
 */
export function brandColourFor(colour: string, theme: keyof typeof THEME_SURFACES): string {
  const { surfaces, onBrand, towards } = THEME_SURFACES[theme];
  return readableColour(colour, [...surfaces, onBrand], towards);
}

/**
 * `colour` (#rrggbb) unchanged when it reaches 4.5:1 against every colour of `against`, else the smallest step (of
 * 1/64) towards `towards` that does; `towards` itself when none does.
 */
export function readableColour(colour: string, against: readonly string[], towards: string): string {
  for (let step = 0; step <= 64; step += 1) {
    const candidate = step === 0 ? colour.toLowerCase() : mix(colour, towards, step / 64);
    if (against.every((other) => contrastRatio(candidate, other) >= MINIMUM_TEXT_CONTRAST)) return candidate;
  }
  return towards;
}
