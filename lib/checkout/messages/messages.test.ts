import { describe, expect, it } from "vitest";
import { LANGUAGES, languageDirection } from "@/lib/contracts/languages";
import { en } from "./en";
import { getCheckoutMessages, interpolate, languageOptions, plural } from "./index";

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

type Leaf = { kind: "text"; text: string } | { kind: "plural"; forms: Record<string, string> };

function isPlural(value: object): boolean {
  return "other" in value && Object.values(value).every((form) => typeof form === "string");
}

/** Every message of a catalogue by its dotted key, a plural message as one leaf with its forms. */
function leaves(value: unknown, prefix = ""): Map<string, Leaf> {
  const found = new Map<string, Leaf>();
  if (typeof value === "string") return found.set(prefix, { kind: "text", text: value });
  if (prefix !== "" && isPlural(value as object)) {
    return found.set(prefix, { kind: "plural", forms: value as Record<string, string> });
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (prefix === "" && (key === "language" || key === "direction")) continue;
    for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf);
  }
  return found;
}

/** The plural categories integers 0–1000 fall into (the counts the page shows: attempts, minutes, seconds, lengths). */
function integerCategories(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)))].sort();
}

const reference = leaves(en);

const UNITS = ["hour", "day", "week", "month", "year"];

/**
 * A language that declines the unit after its "every" writes `subscriptionTerms.everyN` per unit, the number as
 * `{count}` in place of Intl's `{period}`: each unit's message stands for the English one.
 */
function englishKey(key: string): string {
  const perUnit = /^(subscriptionTerms\.everyN)\.(\w+)$/.exec(key);
  return perUnit && UNITS.includes(perUnit[2]) ? perUnit[1] : key;
}

function englishPlaceholders(key: string, text: string): string[] {
  const own = placeholders(text);
  return englishKey(key) === key ? own : own.map((name) => (name === "count" ? "period" : name)).sort();
}

describe("checkout messages", () => {
  it.each(LANGUAGES)("%s: every message of the English catalogue, with its placeholders", (language) => {
    const messages = getCheckoutMessages(language);
    expect(messages.language).toBe(language);
    expect(messages.direction).toBe(languageDirection(language));
    const own = leaves(messages);
    expect([...new Set([...own.keys()].map(englishKey))].sort()).toEqual([...reference.keys()].sort());
    const perUnit = [...own.keys()].filter((key) => englishKey(key) !== key);
    expect(perUnit.length === 0 || perUnit.length === UNITS.length, "everyN: every unit or none").toBe(true);
    for (const [key, leaf] of own) {
      const english = reference.get(englishKey(key));
      if (english?.kind === "text") {
        expect(leaf.kind, key).toBe("text");
        if (leaf.kind !== "text") continue;
        expect(leaf.text.trim(), key).not.toBe("");
        expect(placeholders(leaf.text), key).toEqual(placeholders(english.text));
      } else if (english?.kind === "plural") {
        expect(leaf.kind, key).toBe("plural");
        if (leaf.kind !== "plural") continue;
        // Every form the language's counts can take, and only forms the language has.
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
        expect(
          Object.keys(leaf.forms).filter((form) => !categories.includes(form)),
          key,
        ).toEqual([]);
        for (const category of integerCategories(language)) {
          expect(leaf.forms[category], `${key}.${category}`).toBeTruthy();
        }
        // `other` names every placeholder; a form for one number may say it in words ("محاولة واحدة").
        expect(englishPlaceholders(key, leaf.forms.other), key).toEqual(placeholders(english.forms.other));
        for (const [form, text] of Object.entries(leaf.forms)) {
          expect(placeholders(english.forms.other), `${key}.${form}`).toEqual(
            expect.arrayContaining(englishPlaceholders(key, text)),
          );
        }
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== "en"))("%s is translated, not English", (language) => {
    const own = leaves(getCheckoutMessages(language));
    for (const [key, english] of reference) {
      if (english.kind !== "text" || english.text.split(" ").length < 3) continue;
      const leaf = own.get(key);
      expect(leaf?.kind === "text" ? leaf.text : "", key).not.toBe(english.text);
    }
  });

  it("falls back to English for a language it does not speak", () => {
    expect(getCheckoutMessages("xx")).toBe(en);
    expect(getCheckoutMessages(null)).toBe(en);
  });

  it("names every language in itself", () => {
    const options = languageOptions();
    expect(options.map((option) => option.code)).toEqual([...LANGUAGES]);
    expect(options.find((option) => option.code === "de")?.name).toBe("Deutsch");
    expect(options.find((option) => option.code === "ja")?.name).toBe("日本語");
    expect(options.find((option) => option.code === "ar")?.name).toBe("العربية");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(interpolate("Pay {amount} to {shop}", { amount: "$1.00", shop: "Acme" })).toBe(
      "Pay $1.00 to Acme",
    );
    expect(interpolate("Hello {name}", {})).toBe("Hello {name}");
  });

  it("picks the plural form of the language", () => {
    expect(plural("en", en.errors.attemptsLeft, 1)).toBe("You have {count} attempt left.");
    expect(plural("en", en.errors.attemptsLeft, 2)).toBe("You have {count} attempts left.");
    const ru = getCheckoutMessages("ru").errors.attemptsLeft;
    expect([1, 2, 5, 21].map((count) => plural("ru", ru, count))).toEqual([ru.one, ru.few, ru.many, ru.one]);
    // A form the catalogue lacks falls back to `other`.
    expect(plural("ar", { other: "x" }, 0)).toBe("x");
  });
});
