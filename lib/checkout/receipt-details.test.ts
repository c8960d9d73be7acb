import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReceiptDetails } from "@/components/checkout/receipt-details";
import { LANGUAGES } from "@/lib/contracts/languages";
import { getCheckoutMessages, interpolate } from "./messages";

/** The result page's receipt, in every language: where the e-mail went, only when one is on its way or sent. */
const RECEIPT = {
  url: "https://pay.example/gateway/process/7d3c/receipt",
  date: "2026-03-04T05:06:07.000Z",
  statement_descriptor: "HARBOUR TOURS",
  emailed_to: "a•••@example.com",
  emailed: "sent" as const,
};
const CONTACT = { email: "help@harbour.example", phone: "+49 30 1234-567", url: "https://harbour.example/" };

const render = (
  language: (typeof LANGUAGES)[number],
  receipt = RECEIPT,
  contact: typeof CONTACT | null = CONTACT,
) =>
  renderToStaticMarkup(
    createElement(ReceiptDetails, { messages: getCheckoutMessages(language), receipt, contact }),
  );

describe("the result page's receipt", () => {
  it.each(LANGUAGES)(
    "%s: says where the receipt went, its date, descriptor, contact and page",
    (language) => {
      const messages = getCheckoutMessages(language);
      const html = render(language);
      const sent = interpolate(messages.receipt.sent, { email: "a•••@example.com" });
      expect(html.replace(/<[^>]+>/g, "")).toContain(sent.replaceAll("'", "&#x27;"));
      for (const text of ["HARBOUR TOURS", "help@harbour.example", "+49 30 1234-567", "harbour.example<"]) {
        expect(html).toContain(text);
      }
      expect(html).toContain('href="https://pay.example/gateway/process/7d3c/receipt"');
      expect(html).toContain('href="tel:+49301234567"');
      expect(html).toContain('dateTime="2026-03-04T05:06:07.000Z"');
      expect(messages.receipt.sending).not.toBe(messages.receipt.sent);
      if (language !== "en") {
        const en = getCheckoutMessages("en").receipt;
        expect(messages.receipt.view).not.toBe(en.view);
        expect(messages.receipt.sent).not.toBe(en.sent);
      }
    },
  );

  it("says a queued e-mail is on its way, and nothing of an e-mail when none goes", () => {
    const messages = getCheckoutMessages("en");
    expect(render("en", { ...RECEIPT, emailed: "pending" } as never)).toContain(
      "A receipt is on its way to a•••@example.com",
    );
    const none = render("en", { ...RECEIPT, emailed_to: null, emailed: null } as never, null);
    expect(none).not.toContain('data-receipt="emailed"');
    expect(none).not.toContain(messages.receipt.contact);
  });
});
