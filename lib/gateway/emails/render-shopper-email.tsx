import { plainTextSelectors, render } from "@react-email/render";
import { receiptLocale } from "../payments/pages/receipt-messages";
import { shopperEmailLocale } from "./email-messages";
import { interpolateShop } from "./interpolate-shop";
import type { ShopperEmailContent } from "./shopper-email-payload";
import { ShopperEmail } from "./shopper-email-template";

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

/** A shopper e-mail in its language: subject, HTML part and plain-text part, from the same template. */
export async function renderShopperEmail(content: ShopperEmailContent): Promise<RenderedShopperEmail> {
  const locale = shopperEmailLocale(content.language);
  const receipt = receiptLocale(content.language).messages;
  const element = (
    <ShopperEmail kind={content.kind} locale={locale} receipt={receipt} payload={content.payload} />
  );
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
