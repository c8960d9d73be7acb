import { describe, expect, it } from "vitest";
import { shopSettingsSchema } from "../contracts/shop-settings";
import { SHOPPER_EMAIL_KINDS } from "../contracts/shopper-emails";
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

  it.each(DEMO_SHOPS)(
    "shop $id pays out what the beGateway clients' own suites send (up to EUR 20,000)",
    (shop) => {
      const settings = shopSettingsSchema.parse(shop.settings);
      expect(settings.payouts_allowed).toBe(true);
      expect(settings.payout_limit).toBeGreaterThanOrEqual(20_000);
      // A day of such runs: hundreds of them.
      expect(settings.payout_daily_limit).toBeGreaterThanOrEqual(100 * 20_000);
    },
  );
});

describe("shopper e-mails", () => {
  it("are off for a new shop, as bePaid's, and on with every kind for the demo shops", () => {
    expect(shopSettingsSchema.parse({}).customer_emails).toEqual({
      enabled: false,
      kinds: [...SHOPPER_EMAIL_KINDS],
    });
    for (const shop of DEMO_SHOPS) {
      expect(shopSettingsSchema.parse(shop.settings).customer_emails).toEqual({
        enabled: true,
        kinds: [...SHOPPER_EMAIL_KINDS],
      });
    }
  });
});
