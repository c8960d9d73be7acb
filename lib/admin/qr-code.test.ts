import { describe, expect, it } from "vitest";
import { qrCodeDataUrl } from "./qr-code";

describe("the QR code of a payment link", () => {
  it("is an SVG data URL with no script and no inline style", async () => {
    const url = await qrCodeDataUrl("http://localhost:3000/products/prd_0123456789abcdef/pay");
    expect(url.startsWith("data:image/svg+xml;base64,")).toBe(true);
    const svg = Buffer.from(url.slice(url.indexOf(",") + 1), "base64").toString("utf8");
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain("<path");
    expect(svg).not.toMatch(/<script|style=/);
  });

  it("differs for different links", async () => {
    const [a, b] = await Promise.all([
      qrCodeDataUrl("https://x.example/a"),
      qrCodeDataUrl("https://x.example/b"),
    ]);
    expect(a).not.toBe(b);
  });
});
