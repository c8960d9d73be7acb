import { describe, expect, it } from "vitest";
import { getCheckoutMessages } from "@/lib/checkout/messages";
import { SHOPPER_EMAIL_MESSAGES } from "@/lib/gateway/emails/email-messages";
import { LINK_MESSAGES } from "@/lib/gateway/products/pages/link-messages";
import { RECEIPT_MESSAGES } from "@/lib/gateway/receipts/receipt-messages";
import { ISSUER_MESSAGES } from "@/lib/gateway/three-d-secure/pages/issuer-messages";
import type { Catalogues } from "./catalogues";
import { LANGUAGES, type Language } from "./languages";

/**
 * A text that depends on a number has one form per plural category its language has, as Intl.PluralRules says
 * (Latvian zero/one/other, Lithuanian one/few/many/other, Arabic all six), and no other: the category a count
 * falls into always finds its own sentence, never `other` standing in for a grammatically different one.
 */
const SURFACES: Record<string, Catalogues<unknown>> = {
  "payment page": Object.fromEntries(
    LANGUAGES.map((language) => [language, getCheckoutMessages(language)]),
  ) as Catalogues<unknown>,
  receipt: RECEIPT_MESSAGES,
  "issuer pages": ISSUER_MESSAGES,
  "payment-link pages": LINK_MESSAGES,
  "shopper e-mails": SHOPPER_EMAIL_MESSAGES,
};

const CATEGORIES: readonly string[] = ["zero", "one", "two", "few", "many", "other"];

function isPluralMessage(value: object): value is Record<string, string> {
  const keys = Object.keys(value);
  return (
    keys.includes("other") &&
    keys.every((key) => CATEGORIES.includes(key)) &&
    Object.values(value).every((form) => typeof form === "string")
  );
}

/** Every plural message of a catalogue, by its dotted key. */
function pluralMessages(value: unknown, prefix = ""): [string, Record<string, string>][] {
  if (typeof value !== "object" || value === null) return [];
  if (isPluralMessage(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    pluralMessages(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("plural messages", () => {
  it("are there to check (the payment page has them, the terms of a subscription too)", () => {
    const keys = pluralMessages(SURFACES["payment page"].en).map(([key]) => key);
    expect(keys).toEqual(
      expect.arrayContaining(["errors.attemptsLeft", "status.redirectCountdown", "subscriptionTerms.everyN"]),
    );
  });

  it.each(LANGUAGES)(
    "%s: a form for exactly the plural categories of the language, on every surface",
    (language) => {
      const rules = new Intl.PluralRules(language);
      const categories = [...rules.resolvedOptions().pluralCategories].sort();
      // The counts the pages show: attempts, minutes, seconds, lengths of a subscription's period.
      const used = new Set(Array.from({ length: 201 }, (_, count) => rules.select(count)));
      for (const [surface, catalogues] of Object.entries(SURFACES)) {
        for (const [key, forms] of pluralMessages(catalogues[language as Language])) {
          expect(Object.keys(forms).sort(), `${surface}: ${key}`).toEqual(categories);
          for (const category of used)
            expect(forms[category]?.trim(), `${surface}: ${key}.${category}`).toBeTruthy();
        }
      }
    },
  );

  it("knows the categories it checks against (lv: zero/one/other, lt: one/few/many/other)", () => {
    expect(new Intl.PluralRules("lv").resolvedOptions().pluralCategories).toEqual(
      expect.arrayContaining(["zero", "one", "other"]),
    );
    expect([0, 1, 2, 10, 21].map((count) => new Intl.PluralRules("lv").select(count))).toEqual([
      "zero",
      "one",
      "other",
      "zero",
      "one",
    ]);
    expect([1, 2, 10, 21, 1.5].map((count) => new Intl.PluralRules("lt").select(count))).toEqual([
      "one",
      "few",
      "other",
      "one",
      "many",
    ]);
  });
});
