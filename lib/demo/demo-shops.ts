import type { CardCurrencyCode } from "@/lib/contracts/currencies";

/**
 * Test-mode shops created on an empty embedded database so a fresh checkout runs end to end. Their credentials
 * are public (printed at start-up and in the README), like a card scheme's published test cards.
 */
export const DEMO_SHOPS = [
  {
    id: 1,
    name: "Demo Shop",
    secretKey: "demo_secret_key_shop_1_without_3ds",
    settings: {
      three_d_secure: false,
      payouts_allowed: true,
      // Test money only: caps that the beGateway clients' own test suites (payouts of up to EUR 20,000, run many
      // times a day) stay under.
      payout_limit: 100_000,
      payout_daily_limit: 10_000_000,
      payout_currencies: ["EUR", "USD", "BYN", "RUB"] as CardCurrencyCode[],
      branding: { name: "Demo Shop", logo_url: null, color: "#1f4fd1" },
      customer_emails: { enabled: true },
    },
  },
  {
    id: 2,
    name: "Demo Shop (3-D Secure)",
    secretKey: "demo_secret_key_shop_2_with_3ds",
    settings: {
      three_d_secure: true,
      payouts_allowed: true,
      // Test money only: caps that the beGateway clients' own test suites (payouts of up to EUR 20,000, run many
      // times a day) stay under.
      payout_limit: 100_000,
      payout_daily_limit: 10_000_000,
      payout_currencies: ["EUR", "USD", "BYN", "RUB"] as CardCurrencyCode[],
      branding: { name: "Demo Shop (3-D Secure)", logo_url: null, color: "#0d7a5f" },
      customer_emails: { enabled: true },
    },
  },
] as const;
