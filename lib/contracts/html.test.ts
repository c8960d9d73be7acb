import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes each of the five characters that can end a text or an attribute, ampersand first", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("leaves every other character as it is, right-to-left text and digits included", () => {
    expect(escapeHtml("Магазин № 5 — متجر 12.50")).toBe("Магазин № 5 — متجر 12.50");
    expect(escapeHtml(1250)).toBe("1250");
  });
});
