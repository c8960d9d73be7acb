import { describe, expect, it } from "vitest";
import { checkoutContentSecurityPolicy, checkoutSecurityHeaders, originOf } from "./security-headers";

const BASE = {
  nonce: "bm9uY2U=",
  frameAncestors: [] as string[],
  formTargets: ["https://pay.example/gateway"],
  imageOrigins: [] as string[],
  https: true,
};

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name, ...values] = directive.split(" ");
      return [name, values.join(" ")];
    }),
  );
}

describe("checkout CSP", () => {
  it("allows only this origin's and nonce'd scripts and styles, no plugins, no base, no framing", () => {
    const policy = directives(checkoutContentSecurityPolicy(BASE));
    expect(policy["script-src"]).toBe("'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(policy["style-src"]).toBe("'self' 'nonce-bm9uY2U='");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["base-uri"]).toBe("'none'");
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["form-action"]).toBe("'self' https://pay.example");
    expect(policy["default-src"]).toBe("'self'");
    expect(policy).toHaveProperty("upgrade-insecure-requests");
  });

  it("allows the shop's colour by its hash too, for pages reached by client-side navigation", () => {
    const policy = directives(checkoutContentSecurityPolicy({ ...BASE, styleHashes: ["'sha256-abc='"] }));
    expect(policy["style-src"]).toBe("'self' 'nonce-bm9uY2U=' 'sha256-abc='");
  });

  it("lets the shop's allowed origins frame the page and its logo load, nothing else", () => {
    const policy = directives(
      checkoutContentSecurityPolicy({
        ...BASE,
        frameAncestors: [
          "https://shop.example/checkout",
          "https://shop.example",
          "javascript:alert(1)",
          "x; y",
          // Never a wildcard: one would let any site frame the page.
          "https://*",
          "https://*.shop.example",
          "https://a;script-src",
        ],
        imageOrigins: ["https://cdn.shop.example/logo.png"],
      }),
    );
    expect(policy["frame-ancestors"]).toBe("https://shop.example");
    expect(policy["img-src"]).toBe("'self' data: https://cdn.shop.example");
  });

  it("relaxes only what Next's development mode needs", () => {
    const policy = directives(checkoutContentSecurityPolicy({ ...BASE, https: false, development: true }));
    expect(policy["script-src"]).toContain("'unsafe-eval'");
    expect(policy["style-src"]).toBe("'self' 'unsafe-inline'");
    expect(policy).not.toHaveProperty("upgrade-insecure-requests");
  });
});

describe("checkoutSecurityHeaders", () => {
  it("sends nosniff, a same-origin referrer policy, no-store, and HSTS on https", () => {
    const headers = checkoutSecurityHeaders(BASE);
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "Cache-Control": "no-store",
      "X-Frame-Options": "DENY",
    });
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(checkoutSecurityHeaders({ ...BASE, https: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });

  it("keeps X-Frame-Options DENY when no entry of the list is an origin it can allow", () => {
    expect(checkoutSecurityHeaders({ ...BASE, frameAncestors: ["https://*"] })["X-Frame-Options"]).toBe(
      "DENY",
    );
  });

  it("drops X-Frame-Options when the shop allows framing (it cannot express an allow-list)", () => {
    expect(checkoutSecurityHeaders({ ...BASE, frameAncestors: ["https://shop.example"] })).not.toHaveProperty(
      "X-Frame-Options",
    );
  });
});

describe("originOf", () => {
  it("takes http(s) origins only", () => {
    expect(originOf("https://a.example:8443/x?y")).toBe("https://a.example:8443");
    expect(originOf("ftp://a.example")).toBeNull();
    expect(originOf("not a url")).toBeNull();
    expect(originOf(null)).toBeNull();
  });
});
