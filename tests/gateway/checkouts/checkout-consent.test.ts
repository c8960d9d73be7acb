import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import { shopperCheckout, typedCardAttempt } from "../checkout-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { openPage, tokenize } from "../three-d-secure-helpers";

/**
 * Stored-credential disclosure: a session that keeps the card for the shop's later charges (contract `recurring`)
 * and shows no save-card choice tells the shopper so (`keeps_card` in the page's view), and the card record says
 * the notice was shown. The gateway decides from the session: the page's request cannot claim it.
 */

let gateway: TestGateway;
let shop: TestShop;
let seed = 910_000;
let amountSeed = 41_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop({}, "Harbour Tours");
});

afterAll(async () => {
  await gateway.close();
});

async function createCheckout(options: {
  type?: string;
  contract?: string[];
  display?: boolean;
}): Promise<string> {
  amountSeed += 100;
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: {
      checkout: {
        transaction_type: options.type ?? "payment",
        order: {
          amount: amountSeed,
          currency: "EUR",
          description: "Monthly harbour pass",
          additional_data: { contract: options.contract ?? ["recurring"] },
        },
        settings: {
          success_url: "https://merchant.example/ok",
          save_card_toggle: { display: options.display ?? false },
        },
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.checkout.token;
}

async function cardOf(token: string) {
  const [row] = await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, token));
  return row;
}

async function payAndReadCard(checkout: string, request: Record<string, unknown> = {}) {
  const response = await typedCardAttempt(gateway, checkout, { seed: seed++, request });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const transaction = response.body.transaction;
  expect(transaction.status).toBe("successful");
  // The page's answer carries no token: the card is found through the stored transaction.
  const [row] = await gateway.runtime.deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.uid, transaction.uid));
  expect(row.cardToken).toEqual(expect.any(String));
  return cardOf(row.cardToken as string);
}

describe("a session that keeps the card for later charges", () => {
  it.each(["payment", "authorization", "tokenization"])(
    "says so in the page's view and records the notice on the %s's card",
    async (type) => {
      const token = await createCheckout({ type });
      expect((await shopperCheckout(gateway, token)).keeps_card).toBe(true);
      const card = await payAndReadCard(token);
      expect(card.contract).toEqual(["recurring"]);
      expect(card.consentShown).toBe(true);
    },
  );

  it("shows no notice and records none without `recurring`, whatever the page's request says", async () => {
    for (const contract of [[], ["oneclick"]]) {
      const token = await createCheckout({ contract });
      expect((await shopperCheckout(gateway, token)).keeps_card).toBe(false);
      const card = await payAndReadCard(token, { consent_shown: true, keeps_card: true });
      expect(card.consentShown).toBe(false);
    }
  });

  it("leaves the consent to the shopper's own choice where the page offers to save the card", async () => {
    const token = await createCheckout({ display: true });
    expect((await shopperCheckout(gateway, token)).keeps_card).toBe(false);
    const card = await payAndReadCard(token, { save_card: true });
    expect(card.contract).toEqual(["recurring"]);
    expect(card.consentShown).toBe(false);
  });

  it("is never set by the merchant's own API calls", async () => {
    const transaction = await tokenize(gateway, shop, "4200000000000000", {
      additional_data: { contract: ["recurring"] },
    });
    expect((await cardOf(transaction.credit_card.token)).consentShown).toBe(false);
  });
});

describe("the issuer's page of a shop that lets its hosted page be framed", () => {
  it("may be framed by the same origins only (a shopper paying in a merchant's frame verifies there)", async () => {
    const framed = await gateway.createShop(
      { three_d_secure: true, frame_ancestors: ["https://shop.example", "https://www.shop.example/"] },
      "Framed Shop",
    );
    const transaction = await tokenize(gateway, framed, "4012000000001097", {
      amount: 1_500,
      return_url: "https://shop.example/back",
    });
    expect(transaction.status).toBe("incomplete");
    const page = await openPage(gateway, transaction.uid);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors https://shop.example https://www.shop.example;");
    expect(csp).not.toContain("*");
    expect(page.headers.get("x-frame-options")).toBeNull();

    const unframed = await gateway.createShop({ three_d_secure: true }, "Unframed Shop");
    const other = await tokenize(gateway, unframed, "4012000000001097", {
      amount: 1_600,
      return_url: "https://shop.example/back",
    });
    const otherPage = await openPage(gateway, other.uid);
    expect(otherPage.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(otherPage.headers.get("x-frame-options")).toBe("DENY");
  });

  it("never lets a wildcard entry of the list frame it", async () => {
    const wild = await gateway.createShop(
      {
        three_d_secure: true,
        frame_ancestors: ["https://*", "https://*.shop.example", "https://shop.example"],
      },
      "Wildcard Shop",
    );
    const transaction = await tokenize(gateway, wild, "4012000000001097", {
      amount: 1_700,
      return_url: "https://shop.example/back",
    });
    const csp = (await openPage(gateway, transaction.uid)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors https://shop.example;");
    expect(csp).not.toContain("*");
  });
});
