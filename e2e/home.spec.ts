import fs from "node:fs";
import { expect, test } from "@playwright/test";

const DEMO_AUTH = `Basic ${Buffer.from("1:demo_secret_key_shop_1_without_3ds").toString("base64")}`;

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

test("the demo shop pays through the hosted page and gets the session confirmed", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
  await expect(page.getByText("Tessera mug, 330 ml")).toBeVisible();
  await page.getByRole("button", { name: /Use 4200 0000 0000 0000/ }).click();
  await page.getByRole("button", { name: /^Pay / }).click();

  // The result page first (the demo asks for auto_return 3), then back at the merchant.
  await expect(page.getByRole("heading", { level: 1, name: "Payment details accepted" })).toBeVisible();
  await page.waitForURL(/\/demo\/result\?/);
  await expect(page.locator('[data-param="outcome"]')).toHaveText("success");
  await expect(page.locator('[data-param="status"]')).toHaveText("successful");
  await expect(page.locator('[data-verified="status"]')).toHaveText("successful");
  // The card as a shopper may see it; its token (the merchant's credential to charge it) is on no page.
  await expect(page.locator('[data-verified="card"]')).toHaveText("visa ending in 0000");
  const sessionToken = await page.locator('[data-param="token"]').textContent();
  const merchantView = await request.get(`/gateway/ctp/api/checkouts/${sessionToken}`, {
    headers: { authorization: DEMO_AUTH },
  });
  const cardToken = (await merchantView.json()).checkout.gateway_response.transaction.credit_card.token;
  expect(cardToken).toMatch(/^[0-9a-f]{64}$/);
  expect(await page.content()).not.toContain(cardToken);
});

test("the demo shop's 3-D Secure choice uses shop 2", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Card with 3-D Secure (shop 2)").check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f]{64}$/);
  await expect(page.locator(".checkout__shop")).toHaveText("Demo Shop (3-D Secure)");
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
