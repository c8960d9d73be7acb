import fs from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

const DEMO_AUTH = `Basic ${Buffer.from("1:demo_secret_key_shop_1_without_3ds").toString("base64")}`;
const DEMO_3DS_AUTH = `Basic ${Buffer.from("2:demo_secret_key_shop_2_with_3ds").toString("base64")}`;
/** The demo shop's mug, 1290 EUR cents, as its pages show it. */
const MUG_PRICE = "€12.90";

test("the home page lists the demo shops and links the API", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Tessera" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "demo_secret_key_shop_1_without_3ds" })).toBeVisible();
  await page.getByRole("link", { name: "Health check" }).click();
  await expect(page.locator("body")).toContainText('"status":"ok"');
});

test("the start-up banner says where the shop, the admin area and the gateway are", async ({ baseURL }) => {
  const log = fs.readFileSync(process.env.E2E_SERVER_LOG ?? "", "utf8");
  expect(log).toContain(`Tessera is running at ${baseURL}\n`);
  expect(log).toContain(`  gateway API: ${baseURL}/gateway\n`);
  expect(log).toContain(`  admin area:  ${baseURL}/admin (sign in with a shop id and secret key)\n`);
});

/** What the demo shop's gateway account says about one of its transactions. */
async function demoTransaction(request: APIRequestContext, uid: string, authorization = DEMO_AUTH) {
  const response = await request.get(`/gateway/transactions/${uid}`, { headers: { authorization } });
  expect(response.status()).toBe(200);
  return (await response.json()).transaction;
}

/**
 * Back at the demo shop after a successful purchase of the mug: what the browser brought and what the gateway
 * confirms agree, and the charge is in the shop's gateway account. Answers the payment as the gateway has it.
 */
async function expectMugPaid(
  page: Page,
  request: APIRequestContext,
  shop: { authorization: string; card: string },
) {
  await page.waitForURL(/\/demo\/result\?/);
  await expect(page.locator('[data-param="outcome"]')).toHaveText("success");
  await expect(page.locator('[data-param="status"]')).toHaveText("successful");
  await expect(page.locator('[data-verified="summary"]')).toHaveText(
    `Paid: ${MUG_PRICE} was charged to the ${shop.card}.`,
  );
  await expect(page.locator('[data-verified="status"]')).toHaveText("successful");
  await expect(page.locator('[data-verified="type"]')).toHaveText("payment");
  await expect(page.locator('[data-verified="payment-status"]')).toHaveText(
    "successful (Successfully processed)",
  );
  await expect(page.locator('[data-verified="amount"]')).toHaveText(MUG_PRICE);
  await expect(page.locator('[data-verified="card"]')).toHaveText(shop.card);
  const uid = (await page.locator('[data-param="uid"]').textContent()) ?? "";
  await expect(page.locator('[data-verified="uid"]')).toHaveText(uid);

  // The money really moved: the shop's own read of the transaction, with its credentials.
  const payment = await demoTransaction(request, uid, shop.authorization);
  expect(payment).toMatchObject({
    type: "payment",
    status: "successful",
    amount: 1290,
    currency: "EUR",
    description: "Tessera mug, 330 ml",
    test: true,
    payment: { status: "successful" },
  });
  expect(payment.paid_at).not.toBeNull();
  expect(payment.tracking_id).toMatch(/^demo-/);
  const receipt = page.getByRole("link", { name: "Open the receipt" });
  await expect(receipt).toHaveAttribute("href", payment.receipt_url);
  expect((await request.get(payment.receipt_url)).status()).toBe(200);

  // The card was stored and its token came back to the merchant's server; no page shows the token.
  expect(payment.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.locator('[data-verified="card-token"]')).toHaveText(/^received/);
  expect(await page.content()).not.toContain(payment.credit_card.token);
  return payment;
}

test("the demo shop sells the mug: the hosted page charges the card and the shop sees the payment", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByText("a test card buys the mug")).toBeVisible();
  await page.getByRole("button", { name: `Pay ${MUG_PRICE}` }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
  await expect(page.getByText("Tessera mug, 330 ml")).toBeVisible();
  await page.getByText("Test mode — fill in a test card").click();
  await page.getByRole("button", { name: /Use 4200 0000 0000 0000/ }).click();
  await page.getByRole("button", { name: `Pay ${MUG_PRICE}` }).click();

  // The result page first (the demo asks for auto_return 3), then back at the merchant.
  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
  await expect(page.getByText(`You paid ${MUG_PRICE} to Demo Shop.`)).toBeVisible();
  const payment = await expectMugPaid(page, request, {
    authorization: DEMO_AUTH,
    card: "visa ending in 0000",
  });

  // The receipt the link opens is this payment's.
  await page.getByRole("link", { name: "Open the receipt" }).click();
  await page.waitForURL(`**/process/${payment.uid}/receipt`);
});

test("the demo shop's 3-D Secure choice uses shop 2 and charges only after the challenge", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByLabel("Card with 3-D Secure (shop 2)").check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
  await expect(page.locator(".checkout__shop")).toHaveText("Demo Shop (3-D Secure)");
  await page.getByText("Test mode — fill in a test card").click();
  await page.getByRole("button", { name: /Use 4012 0000 0000 1097/ }).click();
  await page.getByRole("button", { name: `Pay ${MUG_PRICE}` }).click();

  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  const notice = await page.getByText(/Test mode: your code is \d+/).innerText();
  await page.getByLabel("One-time code").fill(/(\d+)/.exec(notice)?.[1] ?? "");
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
  const payment = await expectMugPaid(page, request, {
    authorization: DEMO_3DS_AUTH,
    card: "visa ending in 1097",
  });
  expect(payment.three_d_secure_verification.status).toBe("successful");
});

test("the gateway answers on the same port as the checkout app", async ({ request }) => {
  const response = await request.post("/gateway/transactions/tokenizations", {
    headers: { authorization: DEMO_AUTH },
    data: {
      request: {
        amount: 4999,
        currency: "EUR",
        description: "End-to-end order",
        tracking_id: `e2e-${Date.now()}`,
        credit_card: {
          number: "4200000000000000",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");
  expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(transaction)).not.toContain("4200000000000000");
});

test("every page has a tab icon, including the gateway's own pages, which get the browser's default /favicon.ico", async ({
  page,
  request,
}) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/x-icon");
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  const bytes = await icon.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);

  // The app's pages name it, so the browser does not guess (and the CSP's img-src 'self' lets it load).
  for (const path of ["/", "/admin/sign-in"]) {
    await page.goto(path);
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute("href", /^\/favicon\.ico/);
  }
});

test("the gateway's API also answers at the origin's root, for clients that drop the base path", async ({
  request,
}) => {
  const response = await request.post("/transactions/tokenizations", {
    headers: { authorization: DEMO_AUTH },
    data: {
      request: {
        amount: 5099,
        currency: "EUR",
        description: "Root path order",
        tracking_id: `e2e-root-${Date.now()}`,
        credit_card: {
          number: "4200000000000000",
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 3),
        },
      },
    },
  });
  expect(response.status()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");

  const read = await request.get(`/transactions/${transaction.uid}`, {
    headers: { authorization: DEMO_AUTH },
  });
  expect(read.status()).toBe(200);
  expect((await read.json()).transaction.uid).toBe(transaction.uid);
  const byTrackingId = await request.get(`/v2/transactions/tracking_id/${transaction.tracking_id}`, {
    headers: { authorization: DEMO_AUTH },
  });
  expect((await byTrackingId.json()).transactions.map((t: { uid: string }) => t.uid)).toEqual([
    transaction.uid,
  ]);
});
