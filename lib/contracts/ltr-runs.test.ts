import { describe, expect, it } from "vitest";
import { isolatedHtml } from "./ltr-runs";

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
