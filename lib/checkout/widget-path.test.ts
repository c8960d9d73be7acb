import { describe, expect, it } from "vitest";
import { widgetPagePath } from "./widget-path";

const TOKEN = "ab".repeat(32);

describe("widgetPagePath", () => {
  it("leads beGateway's widget and checkout addresses to the hosted page, keeping only `iframe`", () => {
    expect(widgetPagePath(new URL(`https://pay.example/widget/hpp.html?token=${TOKEN}`))).toBe(
      `/checkout/${TOKEN}`,
    );
    expect(
      widgetPagePath(new URL(`https://pay.example/widget/hpp.html?token=${TOKEN}&iframe=inline&x=1`)),
    ).toBe(`/checkout/${TOKEN}?iframe=inline`);
    expect(widgetPagePath(new URL(`https://pay.example/checkout?token=${TOKEN}&iframe=overlay`))).toBe(
      `/checkout/${TOKEN}?iframe=overlay`,
    );
  });

  it("answers nothing for other paths, a missing token or a strange iframe value", () => {
    expect(widgetPagePath(new URL(`https://pay.example/checkout/${TOKEN}`))).toBeNull();
    expect(widgetPagePath(new URL("https://pay.example/widget/hpp.html"))).toBeNull();
    expect(widgetPagePath(new URL(`https://pay.example/widget/other.html?token=${TOKEN}`))).toBeNull();
    expect(widgetPagePath(new URL(`https://pay.example/checkout?token=../admin&iframe="><x`))).toBe(
      "/checkout/..%2Fadmin",
    );
  });
});
