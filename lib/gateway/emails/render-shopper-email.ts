import { receiptLocale } from "../receipts/receipt-messages";
import { shopperEmailLocale } from "./email-messages";
import { interpolateShop } from "./interpolate-shop";
import type { ShopperEmailContent } from "./shopper-email-payload";
import { type EmailLibraries, shopperEmailElement } from "./shopper-email-template";

export interface RenderedShopperEmail {
  subject: string;
  html: string;
  text: string;
}

/** The subject line alone (lists show it without rendering the message). */
export function shopperEmailSubject({ kind, language, payload }: ShopperEmailContent): string {
  const { messages } = shopperEmailLocale(language);
  const subject = interpolateShop(messages.subjects[kind], payload.shopName);
  return payload.test ? `[${messages.testMark}] ${subject}` : subject;
}

let libraries: Promise<EmailLibraries & { renderer: typeof import("@react-email/render") }> | null = null;

/** React, React Email and its renderer, loaded together on first use (see `EmailLibraries`). */
function loadLibraries() {
  libraries ??= Promise.all([
    import("react"),
    import("@react-email/components"),
    import("@react-email/render"),
  ]).then(([React, components, renderer]) => ({
    // CommonJS React arrives as the default export under ESM.
    React: ((React as { default?: typeof import("react") }).default ?? React) as typeof import("react"),
    components,
    renderer,
  }));
  return libraries;
}

/** A shopper e-mail in its language: subject, HTML part and plain-text part, from the same template. */
export async function renderShopperEmail(content: ShopperEmailContent): Promise<RenderedShopperEmail> {
  const loaded = await loadLibraries();
  const element = shopperEmailElement(loaded, {
    kind: content.kind,
    locale: shopperEmailLocale(content.language),
    receipt: receiptLocale(content.language).messages,
    payload: content.payload,
  });
  const { render, plainTextSelectors } = loaded.renderer;
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      // Headings as written: html-to-text's default capitals would turn the shop's name into another word.
      htmlToTextOptions: {
        selectors: [...plainTextSelectors, { selector: "h1", options: { uppercase: false } }],
      },
    }),
  ]);
  return { subject: shopperEmailSubject(content), html, text };
}
