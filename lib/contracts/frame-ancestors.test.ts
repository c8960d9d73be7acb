import { describe, expect, it } from "vitest";
import { frameAncestorOrigin, frameAncestorOrigins } from "./frame-ancestors";

describe("frameAncestorOrigin", () => {
  it("gives the origin of an http(s) URL with a plain host", () => {
    expect(frameAncestorOrigin("https://shop.example.com/checkout?x=1")).toBe("https://shop.example.com");
    expect(frameAncestorOrigin("http://127.0.0.1:4100")).toBe("http://127.0.0.1:4100");
    expect(frameAncestorOrigin("http://localhost:3000/")).toBe("http://localhost:3000");
    expect(frameAncestorOrigin("https://[::1]:8443")).toBe("https://[::1]:8443");
  });

  it("never gives a wildcard, another scheme or a host a CSP could misread", () => {
    for (const entry of [
      "*",
      "https://*",
      "https://*.example.com",
      "https://a.example'",
      "https://a;script-src",
      "https://a.example,b.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://a.example",
      "",
      null,
    ]) {
      expect(frameAncestorOrigin(entry), String(entry)).toBeNull();
    }
  });

  it("keeps each allowed origin once", () => {
    expect(
      frameAncestorOrigins(["https://a.example/x", "https://*", "https://a.example/y", "http://b.example"]),
    ).toEqual(["https://a.example", "http://b.example"]);
  });
});
