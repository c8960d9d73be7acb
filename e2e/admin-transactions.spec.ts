import { expect, signIn, THREE_D_SECURE_SHOP, test, tokenize, uniqueSuffix } from "./admin-fixtures";

test("a transaction is found by one of its tracking ids, opened, and its webhook re-sent to the merchant", async ({
  signedIn: page,
  request,
  webhookReceiver,
}) => {
  const suffix = uniqueSuffix();
  const { uid } = await tokenize(request, {
    trackingId: `order-${suffix};invoice-${suffix}`,
    notificationUrl: webhookReceiver.url,
  });
  // The first delivery happens on its own once the transaction is final.
  const [first] = await webhookReceiver.waitForCount(1);
  expect(JSON.parse(first.body).transaction.uid).toBe(uid);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Transactions" }).click();
  const search = page.getByRole("search", { name: "Transactions" });
  // Several `;`-separated ids find a transaction carrying any of them.
  await search.getByLabel("Tracking id").fill(`no-such-${suffix}; invoice-${suffix}`);
  await search.getByLabel("Status").selectOption("successful");
  const today = new Date().toISOString().slice(0, 10);
  await search.getByLabel("Created from").fill(today);
  await search.getByLabel("Created to").fill(today);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/tracking_id=/);

  const table = page.getByRole("table", { name: "Transactions, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(`order-${suffix};invoice-${suffix}`);
  await expect(row).toContainText("Visa •••• 0000");
  await expect(row).toContainText("successful");

  // A filter that excludes it leaves the table empty.
  await search.getByLabel("Status").selectOption("failed");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No transaction matches these filters.")).toBeVisible();
  await page.goBack();
  await expect(table.getByRole("row")).toHaveCount(2);

  await table.getByRole("link", { name: uid }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions/${uid}$`));
  const card = page.getByRole("region", { name: "Card" });
  await expect(card).toContainText("Visa •••• 0000");
  await expect(card).not.toContainText("4200000000000000");
  await expect(page.getByRole("region", { name: "3-D Secure" })).toContainText("3-D Secure did not run");
  await expect(page.getByRole("region", { name: "Smart routing" })).toContainText("skipped");

  const deliveries = page.getByRole("region", { name: "Webhook deliveries" });
  await expect(deliveries.getByRole("article")).toHaveCount(1);
  await expect(deliveries.getByRole("article").first()).toContainText("delivered");
  await expect(deliveries.getByRole("table", { name: "Attempts of delivery 1" })).toContainText("HTTP 200");

  await deliveries.getByRole("button", { name: "Re-send webhook" }).click();
  await expect(deliveries.getByRole("status").filter({ hasText: "queued to be sent again" })).toBeVisible();

  // The merchant gets the same notification again, as a delivery of its own.
  const received = await webhookReceiver.waitForCount(2);
  const resent = received[1];
  expect(JSON.parse(resent.body).transaction.uid).toBe(uid);
  expect(resent.headers["webhook-id"]).toBeTruthy();
  expect(resent.headers["webhook-id"]).not.toBe(first.headers["webhook-id"]);

  // The page follows the pending delivery until its attempt is recorded.
  await expect(deliveries.getByRole("article")).toHaveCount(2);
  const second = deliveries.getByRole("article").nth(1);
  await expect(second.getByRole("heading", { name: /Delivery 2/ })).toBeVisible();
  await expect(second).toContainText("delivered", { timeout: 15_000 });
  await expect(deliveries.getByRole("table", { name: "Attempts of delivery 2" })).toContainText("HTTP 200");
});

test("an unknown transaction shows a not-found message, not a crash", async ({ signedIn: page }) => {
  await page.goto("/admin/transactions/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Not found");
});

test("a transaction that ran 3-D Secure shows the authentication result", async ({ page, request }) => {
  // The 3-D Secure demo shop with the sandbox issuer's frictionless card: authenticated without a challenge.
  const { uid } = await tokenize(request, {
    trackingId: `3ds-${uniqueSuffix()}`,
    shop: THREE_D_SECURE_SHOP,
    cardNumber: "4012000000001006",
    returnUrl: "https://shop.example/return",
  });
  await signIn(page, THREE_D_SECURE_SHOP.secretKey, THREE_D_SECURE_SHOP.id);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/transactions/${uid}`);

  const threeDSecure = page.getByRole("region", { name: "3-D Secure" });
  await expect(threeDSecure).not.toContainText("did not run");
  await expect(threeDSecure.getByRole("term")).toHaveText([
    "Result",
    "Message",
    "Enrolment (VEres)",
    "Authentication (PARes)",
    "ECI",
    "Failure reason",
  ]);
  await expect(threeDSecure.getByRole("definition")).toHaveText([
    "successful",
    "Authentication successful",
    "Y",
    "Y",
    "05",
    "—",
  ]);
  await expect(page.getByRole("region", { name: "Card" })).toContainText("Visa •••• 1006");
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("successful");
});
