import { expect, test } from "@playwright/test";

const DEMO_AUTH = `Basic ${Buffer.from("1:demo_secret_key_shop_1_without_3ds").toString("base64")}`;

test("the home page lists the demo shops and links the API", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Tessera" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "demo_secret_key_shop_1_without_3ds" })).toBeVisible();
  await page.getByRole("link", { name: "Health check" }).click();
  await expect(page.locator("body")).toContainText('"status":"ok"');
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
