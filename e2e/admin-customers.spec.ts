import { ADMIN_SHOP, basicAuth, expect, test, uniqueSuffix } from "./admin-fixtures";

test("a customer is created after a server-side error is fixed, then found by e-mail and opened", async ({
  signedIn: page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const takenId = `crm-${suffix}`;
  // Another customer already holds this id in the shop: only the gateway can know, so the form learns it on submit.
  const existing = await request.post("/gateway/customers", {
    headers: { authorization: basicAuth(ADMIN_SHOP.id, ADMIN_SHOP.secretKey) },
    data: { email: `existing-${suffix}@example.com`, ip: "198.51.100.7", external_id: takenId },
  });
  expect(existing.status()).toBe(201);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByRole("link", { name: "New customer" }).click();

  // The browser checks the same rules as the API before anything is sent.
  await page.getByRole("button", { name: "Create customer" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "The form could not be saved" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Email can't be blank");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  const email = `Grace.${suffix}@Example.com`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("IP address").fill("203.0.113.42");
  await page.getByLabel("First name (optional)").fill("Grace");
  await page.getByLabel("Last name (optional)").fill("Hopper");
  await page.getByLabel("Country (optional)").selectOption("US");
  await page.getByLabel("State or province (optional)").selectOption("NY");
  await page.getByLabel("Postal code (optional)").fill("10001");
  await page.getByLabel("Your customer id (optional)").fill(takenId);
  await page.getByRole("button", { name: "Create customer" }).click();

  // The gateway's answer lands on the field it concerns, and in the summary, which takes focus.
  const externalId = page.getByLabel("Your customer id (optional)");
  await expect(externalId).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("External id has already been taken").first()).toBeVisible();
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "External id has already been taken" }).click();
  await expect(externalId).toBeFocused();

  await externalId.fill(`crm-${suffix}-2`);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/cst_[0-9a-f]{16}\?created=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Customer created." })).toBeVisible();
  const customerUrl = page.url().replace(/\?.*$/, "");
  const customerId = customerUrl.split("/").at(-1) ?? "";

  // The list finds it by e-mail, whatever the case typed.
  await page.getByRole("link", { name: "Customers", exact: true }).first().click();
  await page.getByRole("searchbox", { name: "E-mail" }).fill(email.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(
    new RegExp(`email=${encodeURIComponent(email.toLowerCase()).replace(/\./g, "\\.")}`),
  );
  const rows = page.getByRole("table", { name: "Customers, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Grace Hopper");
  await expect(rows.nth(1)).toContainText("US");

  await rows.nth(1).getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(page.getByRole("heading", { level: 2, name: email })).toBeVisible();
  const details = page.locator("dl");
  await expect(details).toContainText(customerId);
  await expect(details).toContainText("203.0.113.42");
  await expect(details).toContainText("NY");
  await expect(details).toContainText(`crm-${suffix}-2`);

  // A search with no match says so.
  await page.goto(`/admin/customers?email=nobody-${suffix}%40example.com`);
  await expect(
    page.getByText(`No customer has the e-mail address nobody-${suffix}@example.com.`),
  ).toBeVisible();
});
