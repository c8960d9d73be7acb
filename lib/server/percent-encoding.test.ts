import { describe, expect, it } from "vitest";
import { withMalformedEscapesLiteral } from "./percent-encoding";

describe("withMalformedEscapesLiteral", () => {
  it("returns a path with nothing malformed as it was", () => {
    for (const url of [
      "/",
      "/checkout/abc",
      "/admin/customers/cst_1?q=%E2%82%AC",
      "/a%20b/%F0%9F%92%B3",
      "/x?y=%",
    ]) {
      expect(withMalformedEscapesLiteral(url)).toBe(url);
    }
  });

  it("takes a truncated or non-UTF-8 escape and a lone percent sign literally, in the path only", () => {
    expect(withMalformedEscapesLiteral("/checkout/%E0%A4%A")).toBe("/checkout/%25E0%25A4%25A");
    expect(withMalformedEscapesLiteral("/checkout/%E0%A4%A/result?lang=%E0")).toBe(
      "/checkout/%25E0%25A4%25A/result?lang=%E0",
    );
    expect(withMalformedEscapesLiteral("/admin/customers/100%")).toBe("/admin/customers/100%25");
    expect(withMalformedEscapesLiteral("/admin/customers/%zz")).toBe("/admin/customers/%25zz");
    expect(withMalformedEscapesLiteral("/admin/customers/%FF")).toBe("/admin/customers/%25FF");
  });

  it("keeps well-formed escapes beside malformed ones, and every result decodes to what was sent", () => {
    const repaired = withMalformedEscapesLiteral("/checkout/%E2%82%AC-%C3-%41");
    expect(repaired).toBe("/checkout/%E2%82%AC-%25C3-%41");
    expect(decodeURIComponent(repaired)).toBe("/checkout/€-%C3-A");
    for (const url of ["/%", "/%%", "/%E0%A4%A", "/%C3%28", "/%ED%A0%80", "/%F0%9F%92", "/%2", "/%%41"]) {
      expect(() => decodeURIComponent(withMalformedEscapesLiteral(url)), url).not.toThrow();
    }
  });
});
