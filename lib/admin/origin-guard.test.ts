import { describe, expect, it } from "vitest";
import { checkRequestOrigin, isUnsafeMethod } from "./origin-guard";

const publicUrl = "https://pay.example.com";

describe("admin Origin guard", () => {
  it("accepts the deployment's own origin", () => {
    expect(
      checkRequestOrigin({ origin: "https://pay.example.com", host: "pay.example.com", publicUrl }),
    ).toEqual({
      allowed: true,
    });
  });

  it("accepts the host the browser addressed (same deployment under another name)", () => {
    expect(
      checkRequestOrigin({
        origin: "http://127.0.0.1:3000",
        host: "127.0.0.1:3000",
        publicUrl: "http://localhost:3000",
      }),
    ).toEqual({ allowed: true });
  });

  it("refuses a foreign origin", () => {
    expect(
      checkRequestOrigin({ origin: "https://evil.example", host: "pay.example.com", publicUrl }),
    ).toEqual({
      allowed: false,
      reason: "foreign",
    });
  });

  it("refuses look-alikes: other scheme, other port, suffix and prefix domains", () => {
    for (const origin of [
      "http://pay.example.com",
      "https://pay.example.com:8443",
      "https://pay.example.com.evil.example",
      "https://evilpay.example.com",
    ]) {
      expect(checkRequestOrigin({ origin, host: "pay.example.com", publicUrl }).allowed).toBe(false);
    }
  });

  it("refuses a missing, empty or null Origin", () => {
    expect(checkRequestOrigin({ origin: null, host: "pay.example.com", publicUrl })).toEqual({
      allowed: false,
      reason: "missing",
    });
    expect(checkRequestOrigin({ origin: "", host: "pay.example.com", publicUrl }).allowed).toBe(false);
    expect(checkRequestOrigin({ origin: "null", host: "pay.example.com", publicUrl })).toEqual({
      allowed: false,
      reason: "null",
    });
  });

  it("refuses values no browser sends: paths, other schemes, garbage", () => {
    for (const origin of [
      "https://pay.example.com/admin",
      "file://",
      "chrome-extension://abc",
      "pay.example.com",
      "%%",
    ]) {
      expect(checkRequestOrigin({ origin, host: "pay.example.com", publicUrl })).toEqual({
        allowed: false,
        reason: "malformed",
      });
    }
  });

  it("does not trust a Host header that differs from the Origin", () => {
    expect(
      checkRequestOrigin({ origin: "https://evil.example", host: "evil.example.org", publicUrl }).allowed,
    ).toBe(false);
  });

  it("checks only state-changing methods", () => {
    expect(["POST", "PUT", "PATCH", "DELETE", "post"].every(isUnsafeMethod)).toBe(true);
    expect(["GET", "HEAD", "OPTIONS"].some(isUnsafeMethod)).toBe(false);
  });
});
