import { describe, expect, it } from "vitest";
import { DEMO_SHOPS } from "./demo-shops";

describe("the demo shops", () => {
  it.each(DEMO_SHOPS)("shop $id has one name: the start-up banner's is the one its pages show", (shop) => {
    expect(shop.settings.branding.name).toBe(shop.name);
  });

  it("say which one has 3-D Secure", () => {
    expect(DEMO_SHOPS.map((shop) => [shop.name, shop.settings.three_d_secure])).toEqual([
      ["Demo Shop", false],
      ["Demo Shop (3-D Secure)", true],
    ]);
  });
});
