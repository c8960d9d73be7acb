/**
 * What a framing merchant page may change of the payment page's look (beGateway's widget message
 * `{css: {<property>: <value>, …}}`): colours, the font family and the corner radius, mapped onto the page's own
 * theme variables. Anything else — another property, a value that could load something (`url(`, `image-set(`,
 * `@import`) or break out of its declaration — is ignored. Shared with browser code: plain data and functions only.
 */

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-z]{3,20})$/i;
const FONT_FAMILY = /^[\p{L}\p{N} ,'"-]{1,120}$/u;
const LENGTH = /^(0|\d{1,3}(\.\d{1,2})?(px|rem|em|%))$/;

/** Allowed property → the page's variable it sets, and the rule its value must match. */
const ALLOWED: Readonly<Record<string, { variable: string; value: RegExp }>> = {
  color: { variable: "--fg", value: COLOUR },
  "background-color": { variable: "--bg", value: COLOUR },
  background: { variable: "--bg", value: COLOUR },
  "button-color": { variable: "--brand", value: COLOUR },
  "accent-color": { variable: "--brand", value: COLOUR },
  "font-family": { variable: "--font", value: FONT_FAMILY },
  "border-radius": { variable: "--radius", value: LENGTH },
};

/** The allowed declarations of a `{css}` message as page variables; nothing for anything that is not an object. */
export function frameStyleVariables(css: unknown): [variable: string, value: string][] {
  if (css === null || typeof css !== "object" || Array.isArray(css)) return [];
  const found: [string, string][] = [];
  for (const [property, raw] of Object.entries(css as Record<string, unknown>)) {
    const rule = ALLOWED[property.trim().toLowerCase()];
    if (!rule || typeof raw !== "string") continue;
    const value = raw.trim();
    if (!rule.value.test(value) || /url|image|import|expression|var\(|[;{}\\]/i.test(value)) continue;
    found.push([rule.variable, value]);
  }
  return found;
}

/**
 * Keeps the messages that arrive before the page's script runs, for FrameBridge (a nonce'd inline script: the
 * parent may send its style as soon as the frame has loaded, before the page is interactive).
 */
export const FRAME_INBOX_SCRIPT =
  'window.__tesseraInbox=[];addEventListener("message",function(e){var b=window.__tesseraInbox;if(b)b.push(e)});';
