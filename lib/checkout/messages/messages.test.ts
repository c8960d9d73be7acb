import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { en } from "./en";
import { getCheckoutMessages, interpolate } from "./index";

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("checkout messages", () => {
  it("has a catalogue for every language of the checkout, English until translated", () => {
    for (const language of LANGUAGES) {
      const messages = getCheckoutMessages(language);
      expect(messages.language === language || messages === en).toBe(true);
      // Every catalogue has the reference's keys and placeholders.
      const reference = new Map(leaves(en));
      for (const [key, text] of leaves(messages)) {
        if (key === "language" || key === "direction") continue;
        expect(reference.has(key), key).toBe(true);
        expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ""));
      }
    }
    expect(getCheckoutMessages("xx")).toBe(en);
    expect(getCheckoutMessages(null)).toBe(en);
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(interpolate("Pay {amount} to {shop}", { amount: "$1.00", shop: "Acme" })).toBe(
      "Pay $1.00 to Acme",
    );
    expect(interpolate("Attempts left: {count}.", { count: 2 })).toBe("Attempts left: 2.");
    expect(interpolate("Hello {name}", {})).toBe("Hello {name}");
  });
});
