import { describe, expect, it } from "vitest";
import { isolatedHtml, ltrRuns } from "./ltr-runs";

describe("isolatedHtml", () => {
  it("isolates each left-to-right run of a right-to-left text, escaped", () => {
    expect(isolatedHtml("لم تكن هناك حاجة إلى التحقق عبر 3-D Secure.", "rtl")).toBe(
      'لم تكن هناك حاجة إلى التحقق عبر <bdi dir="ltr">3-D Secure</bdi>.',
    );
    expect(isolatedHtml("متجر <b>A&B</b>", "rtl")).toBe(
      'متجر &lt;<bdi dir="ltr">b</bdi>&gt;<bdi dir="ltr">A</bdi>&amp;<bdi dir="ltr">B</bdi>&lt;/<bdi dir="ltr">b</bdi>&gt;',
    );
  });

  it("leaves a left-to-right text as it is, escaped", () => {
    expect(isolatedHtml("3-D Secure · <Bank>", "ltr")).toBe("3-D Secure · &lt;Bank&gt;");
  });
});

describe("a merchant's string in a right-to-left text", () => {
  it.each([
    ["Marks & Spencer", "إلغاء والعودة إلى Marks & Spencer"],
    ["Demo Shop (3-D Secure)", "إلغاء والعودة إلى Demo Shop (3-D Secure)"],
    ["O'Neill's Café!", "חזרה אל O'Neill's Café!"],
  ])("%s is one isolated part, never cut at its punctuation", (shop, text) => {
    const parts = ltrRuns(text, [shop]);
    expect(parts.filter((part) => part.whole)).toEqual([{ text: shop, ltr: false, whole: true }]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
    expect(isolatedHtml(text, "rtl", [shop])).toContain(
      `<bdi>${shop.replace("&", "&amp;").replace(/'/g, "&#39;")}</bdi>`,
    );
  });

  it("was cut without it: the name's pieces isolated apart (what reordered it)", () => {
    const pieces = ltrRuns("إلغاء والعودة إلى Marks & Spencer").filter((part) => part.ltr);
    expect(pieces.map((part) => part.text)).toEqual(["Marks", "Spencer"]);
  });

  it("keeps the translated text's own runs around the merchant's string, and a string met twice", () => {
    const parts = ltrRuns("ادفع 12.34 US$ إلى Shop A ثم Shop A", ["Shop A"]);
    expect(parts.filter((part) => part.ltr).map((part) => part.text)).toEqual(["12.34 US$"]);
    expect(parts.filter((part) => part.whole)).toHaveLength(2);
  });

  it("ignores empty merchant strings", () => {
    expect(ltrRuns("نص 3-D Secure", ["", null, undefined]).filter((part) => part.ltr)).toEqual([
      { text: "3-D Secure", ltr: true },
    ]);
  });
});
