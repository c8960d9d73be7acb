import { describe, expect, it } from "vitest";
import { type Catalogues, defineCatalogues, localeOf } from "./catalogues";
import { LANGUAGES } from "./languages";

const catalogues = Object.fromEntries(
  LANGUAGES.map((code) => [code, { hello: `hello in ${code}` }]),
) as Catalogues<{
  hello: string;
}>;

describe("localeOf", () => {
  it("picks the language's own catalogue and direction", () => {
    expect(localeOf(catalogues, "de")).toEqual({ language: "de", dir: "ltr", messages: catalogues.de });
    expect(localeOf(catalogues, "fa")).toEqual({ language: "fa", dir: "rtl", messages: catalogues.fa });
  });

  it("falls back to English for a language the checkout does not know", () => {
    for (const unknown of ["xx", "DE", "de-DE", "", null, undefined]) {
      expect(localeOf(catalogues, unknown), String(unknown)).toEqual({
        language: "en",
        dir: "ltr",
        messages: catalogues.en,
      });
    }
  });
});

describe("defineCatalogues", () => {
  it("keeps the registry's languages, in its order, and nothing else", () => {
    const byLanguage = { zz: { hello: "not a language" }, ...catalogues };
    const defined = defineCatalogues<{ hello: string }>(byLanguage);
    expect(Object.keys(defined)).toEqual([...LANGUAGES]);
    expect(defined.de).toBe(catalogues.de);
    expect(Object.isFrozen(defined)).toBe(true);
  });

  it("refuses a module without every language", () => {
    const { lt: _dropped, ...withoutLithuanian } = catalogues;
    // @ts-expect-error a language of the registry is missing: the type check refuses it before the run does.
    expect(() => defineCatalogues<{ hello: string }>(withoutLithuanian)).toThrow('"lt"');
  });
});
