import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperCheckoutViewSchema, shopperTransactionViewSchema } from "@/lib/contracts/shopper-view";
import {
  callJson,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

/**
 * A checkout token is a shopper's credential, nothing more: whoever holds one (every shopper, every card tester)
 * cannot change what the merchant set, cannot choose where the shopper is sent, and reads shopper views only.
 */

const PUBLIC_URL = "http://localhost:3999";
const EXPIRY = { exp_month: "12", exp_year: String(new Date().getUTCFullYear() + 4) };
const MERCHANT_IP = "198.51.100.20";
const MERCHANT_DEVICE = "merchant-device-4f2a";

let gateway: TestGateway;
let shop: TestShop;
let threeDsShop: TestShop;
let seed = 970_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, threeDsShop] = await Promise.all([
    gateway.createShop({ required_fields: ["billing_address.last_name"] }),
    gateway.createShop({ three_d_secure: true }, "Secure Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

/** A session whose merchant set more than the page shows: a zip, a city, an address, its ip and device id. */
async function createCheckout(
  owner: TestShop = shop,
  settings: Record<string, unknown> = {},
  transactionType: "tokenization" | "payment" = "tokenization",
): Promise<string> {
  const response = await callJson(gateway, "/ctp/api/checkouts", {
    shop: owner,
    body: {
      checkout: {
        transaction_type: transactionType,
        attempts: 3,
        order: { amount: 1250, currency: "EUR", description: "Concert tickets" },
        settings: {
          success_url: "https://merchant.example/done?order=7",
          cancel_url: "https://merchant.example/cancel",
          notification_url: "https://merchant.example/hooks",
          customer_fields: {
            visible: ["email", "first_name", "country", "phone"],
            read_only: ["email", "phone"],
          },
          credit_card_fields: { holder: "Merchant Given", read_only: true },
          ...settings,
        },
        customer: {
          email: "fixed@example.com",
          first_name: "Ada",
          last_name: "Lovelace",
          country: "US",
          zip: "10001",
          city: "New York",
          address: "1 Main Street",
          ip: MERCHANT_IP,
          device_id: MERCHANT_DEVICE,
        },
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.checkout.token;
}

function returnRoute(token: string): string {
  return `${PUBLIC_URL}/checkout/${token}/return`;
}

function pay(token: string, request: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callJson(gateway, "/transactions/tokenizations", {
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: {
      request: {
        credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...EXPIRY },
        return_url: returnRoute(token),
        // Shown (the shop requires it), so the shopper's to send.
        billing_address: { last_name: "Lovelace" },
        ...request,
      },
    },
  });
}

async function merchantTransaction(uid: string, owner: TestShop = shop): Promise<JsonBody> {
  const response = await callJson(gateway, `/transactions/${uid}`, { shop: owner });
  expect(response.status).toBe(200);
  return response.body.transaction;
}

async function attemptsLeft(token: string): Promise<number> {
  const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.body.checkout.attempts_left;
}

describe("what the page sends for an attempt", () => {
  it("keeps the merchant's hidden and read-only fields, device id and holder whatever the page sends", async () => {
    const token = await createCheckout();
    const attempt = await pay(
      token,
      {
        credit_card: {
          number: uniqueVisaNumber(seed++),
          verification_value: "123",
          holder: "Someone Else",
          ...EXPIRY,
        },
        customer: { email: "changed@example.com", ip: "192.0.2.66", device_id: "tester-device" },
        billing_address: {
          first_name: "Grace",
          last_name: "Hopper",
          country: "CA",
          zip: "99999",
          city: "Elsewhere",
          address: "2 Other Road",
          phone: "+1 555 0100",
        },
      },
      { "x-forwarded-for": "203.0.113.7" },
    );
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
    const transaction = await merchantTransaction(attempt.body.transaction.uid);
    // ip: the address the gateway resolved (the app's loopback socket is a trusted proxy), never the body's.
    expect(transaction.customer).toEqual({
      email: "fixed@example.com",
      ip: "203.0.113.7",
      device_id: MERCHANT_DEVICE,
      birth_date: null,
    });
    expect(transaction.billing_address).toEqual({
      // Shown and editable: the shopper's. last_name is shown because the shop requires it.
      first_name: "Grace",
      last_name: "Hopper",
      country: "CA",
      // Not shown: the merchant's.
      zip: "10001",
      city: "New York",
      address: "1 Main Street",
      // Shown read-only with no value from the merchant: stays empty.
      phone: null,
      state: null,
    });
    expect(transaction.credit_card.holder).toBe("Merchant Given");
  });

  it("takes customer.ip from the connection when no trusted proxy forwards one", async () => {
    const token = await createCheckout();
    const attempt = await pay(token, { customer: { ip: "192.0.2.66" } });
    expect(attempt.status).toBe(200);
    expect((await merchantTransaction(attempt.body.transaction.uid)).customer.ip).toBe("127.0.0.1");
  });

  it("keeps a read-only holder with the saved card of a oneclick session too", async () => {
    const stored = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: {
        request: {
          amount: 100,
          currency: "EUR",
          description: "Card on file",
          credit_card: {
            number: uniqueVisaNumber(seed++),
            verification_value: "123",
            holder: "A L",
            ...EXPIRY,
          },
          billing_address: { last_name: "Lovelace" },
        },
      },
    });
    const saved = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          order: { amount: 990, currency: "EUR", description: "Renewal" },
          settings: { credit_card_fields: { holder: "Merchant Given", read_only: true } },
          payment_method: { credit_card: { token: stored.body.transaction.credit_card.token } },
        },
      },
    });
    expect(saved.status).toBe(201);
    const savedToken = saved.body.checkout.token;
    const attempt = await callJson(gateway, "/transactions/tokenizations", {
      headers: { authorization: `Bearer ${savedToken}` },
      body: {
        request: {
          credit_card: { verification_value: "123", holder: "Someone Else" },
          billing_address: { last_name: "Lovelace" },
        },
      },
    });
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
    expect((await merchantTransaction(attempt.body.transaction.uid)).credit_card.holder).toBe(
      "Merchant Given",
    );
  });
});

describe("where the shopper is sent", () => {
  it("refuses a return_url that is neither the page's own return route nor one of the session's", async () => {
    const token = await createCheckout();
    const other = await createCheckout();
    for (const returnUrl of [
      "https://evil.example/phish",
      returnRoute(other),
      `${returnRoute(token)}?next=https://evil.example/`,
      "https://merchant.example/done",
      "javascript:alert(1)",
    ]) {
      const attempt = await pay(token, { return_url: returnUrl });
      expect({ url: returnUrl, status: attempt.status, body: attempt.body }).toEqual({
        url: returnUrl,
        status: 422,
        body: {
          message:
            "Return url is not allowed for this checkout: use the page's return address or one of the session's URLs",
          errors: {
            return_url: [
              "is not allowed for this checkout: use the page's return address or one of the session's URLs",
            ],
          },
        },
      });
    }
    // Refused before the attempt was claimed: the shopper keeps every attempt.
    expect(await attemptsLeft(token)).toBe(3);
  });

  it("accepts the page's own return route and the session's URLs", async () => {
    for (const returnUrl of [
      (token: string) => returnRoute(token),
      () => "https://merchant.example/done?order=7",
    ]) {
      const token = await createCheckout();
      const attempt = await pay(token, { return_url: returnUrl(token) });
      expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
      expect((await merchantTransaction(attempt.body.transaction.uid)).return_url).toBe(returnUrl(token));
    }
  });

  it("closes the 3-D Secure page as an open redirect: the issuer sends the shopper back to the page", async () => {
    const token = await createCheckout(threeDsShop, { customer_fields: { visible: [], read_only: [] } });
    const redirected = await pay(token, {
      credit_card: { number: "4012000000001097", verification_value: "123", ...EXPIRY },
      return_url: "https://evil.example/after-3ds",
    });
    expect(redirected.status).toBe(422);
    expect(redirected.body.errors).toHaveProperty("return_url");

    const attempt = await pay(token, {
      credit_card: { number: "4012000000001097", verification_value: "123", ...EXPIRY },
    });
    expect(attempt.body.transaction.status).toBe("incomplete");
    const uid = attempt.body.transaction.uid;
    const challenge = await openPage(gateway, uid);
    const answer = await submitForm(gateway, uid, {
      code: shownCode(challenge.html),
      action: "confirm",
    });
    expect(answer.status).toBe(303);
    expect(answer.location?.startsWith(`${returnRoute(token)}?`)).toBe(true);
  });
});

describe("what the token reads", () => {
  it("reads its session with the customer reduced to the fields the page shows", async () => {
    const token = await createCheckout(shop, { verification_url: "https://merchant.example/verify" });
    const response = await callJson(gateway, `/ctp/api/checkouts/${token}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const view = response.body.checkout;
    expect(shopperCheckoutViewSchema.safeParse(view).success).toBe(true);
    expect(view.customer_fields.visible).toEqual(["email", "first_name", "last_name", "country", "phone"]);
    // last_name is shown (the shop requires it); zip, city, address, ip and device_id are not.
    expect(view.customer).toEqual({
      email: "fixed@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      country: "US",
    });
    const text = JSON.stringify(view);
    for (const merchantOnly of [
      MERCHANT_IP,
      MERCHANT_DEVICE,
      "10001",
      "New York",
      "1 Main Street",
      "/hooks",
      "/verify",
    ]) {
      expect(text).not.toContain(merchantOnly);
    }
    expect(Object.keys(view).sort()).toEqual(Object.keys(shopperCheckoutViewSchema.shape).sort());

    // The merchant still reads the whole session.
    const merchant = await callJson(gateway, `/ctp/api/checkouts/${token}`, { shop });
    expect(merchant.body.checkout.customer).toMatchObject({
      ip: MERCHANT_IP,
      device_id: MERCHANT_DEVICE,
      zip: "10001",
    });
    expect(merchant.body.checkout.settings.verification_url).toBe("https://merchant.example/verify");
  });

  it("reads its transactions, and gets its payment's answer, as the shopper's view only", async () => {
    const token = await createCheckout();
    const attempt = await pay(token, {});
    expect(attempt.status).toBe(200);
    const read = await callJson(gateway, `/transactions/${attempt.body.transaction.uid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    for (const transaction of [attempt.body.transaction, read.body.transaction]) {
      expect(Object.keys(transaction).sort()).toEqual([
        "amount",
        "credit_card",
        "currency",
        "message",
        "redirect_url",
        "status",
        "three_d_secure_verification",
        "type",
        "uid",
      ]);
      expect(Object.keys(transaction.credit_card).sort()).toEqual(["brand", "last_4"]);
      expect(transaction.three_d_secure_verification).toEqual({ status: null });
      expect(shopperTransactionViewSchema.parse(transaction)).toEqual(transaction);
      expect(transaction).toMatchObject({
        status: "successful",
        amount: 1250,
        currency: "EUR",
        type: "tokenization",
      });
    }

    // The merchant's read stays complete.
    const merchant = await merchantTransaction(attempt.body.transaction.uid);
    expect(merchant).toMatchObject({
      notification_url: "https://merchant.example/hooks",
      customer: { ip: "127.0.0.1", device_id: MERCHANT_DEVICE },
      billing_address: { zip: "10001" },
    });
    expect(merchant.credit_card.stamp).toEqual(expect.any(String));
    expect(merchant.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("a paid session's receipt", () => {
  it("names its page, date and where its e-mail goes (masked), and the shop's contact", async () => {
    const mailing = await gateway.createShop(
      {
        customer_emails: { enabled: true },
        support_email: "help@mailing.example",
        support_url: "https://mailing.example/help",
      },
      "Mailing Shop",
    );
    const token = await createCheckout(mailing, {}, "payment");
    const before = (
      await callJson(gateway, `/ctp/api/checkouts/${token}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).body.checkout;
    expect(before.receipt).toBeNull();
    expect(before.shop.contact).toEqual({
      email: "help@mailing.example",
      phone: null,
      url: "https://mailing.example/help",
    });
    const attempt = await pay(token, {});
    expect(attempt.body.transaction.status).toBe("successful");
    const view = (
      await callJson(gateway, `/ctp/api/checkouts/${token}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).body.checkout;
    expect(shopperCheckoutViewSchema.safeParse(view).success).toBe(true);
    expect(view.receipt).toMatchObject({
      url: expect.stringMatching(new RegExp(`/process/${attempt.body.transaction.uid}/receipt$`)),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      emailed_to: "f•••@example.com",
      emailed: "pending",
    });
    // The address itself is the merchant's: the token reads it masked.
    expect(JSON.stringify(view.receipt)).not.toContain("fixed@example.com");
  });

  it("says no e-mail went where the shop sends none", async () => {
    const token = await createCheckout(shop, {}, "payment");
    await pay(token, {});
    const view = (
      await callJson(gateway, `/ctp/api/checkouts/${token}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).body.checkout;
    expect(view.receipt).toMatchObject({ emailed_to: null, emailed: null });
    expect(view.shop.contact).toBeNull();
  });
});

describe("OpenAPI document", () => {
  it("describes the shopper views and which endpoints a checkout token may call", async () => {
    const document = (await callJson(gateway, "/openapi.json")).body;
    const shopperTransaction = document.components.schemas.ShopperTransactionResponse;
    expect(Object.keys(shopperTransaction.properties.transaction.properties).sort()).toEqual(
      Object.keys(shopperTransactionViewSchema.shape).sort(),
    );
    const shopperCheckout = document.components.schemas.ShopperCheckoutResponse;
    expect(
      Object.keys(shopperCheckout.properties.checkout.properties.customer.anyOf[0].properties),
    ).not.toContain("ip");
    for (const [path, method] of [
      ["/transactions/tokenizations", "post"],
      ["/transactions/{uid}", "get"],
    ]) {
      const operation = document.paths[path][method];
      expect(operation.security).toEqual([{ shopBasic: [] }, { checkoutBearer: [] }]);
      expect(operation.responses["200"].content["application/json"].schema.oneOf).toContainEqual({
        $ref: "#/components/schemas/ShopperTransactionResponse",
      });
    }
    expect(
      document.paths["/ctp/api/checkouts/{token}"].get.responses["200"].content["application/json"].schema
        .anyOf,
    ).toContainEqual({ $ref: "#/components/schemas/ShopperCheckoutResponse" });
  });
});
