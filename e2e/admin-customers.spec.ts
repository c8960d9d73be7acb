import {
  ADMIN_SHOP,
  basicAuth,
  createCustomer,
  expect,
  signIn,
  THREE_D_SECURE_SHOP,
  test,
  uniqueSuffix,
} from "./admin-fixtures";

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

test("a customer created in the form is in the customers list loaded before, without a reload", async ({
  signedIn: page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const email = `cache-${suffix}@example.com`;
  // One customer of the test's own already, so the list is a table before the create.
  const earlier = await createCustomer(request, { email: `cache-earlier-${suffix}@example.com` });
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  const table = page.getByRole("table", { name: "Customers, newest first" });
  // The list is loaded (and cached) before the create.
  await expect(table.getByRole("link", { name: earlier.email })).toBeVisible();
  await expect(table.getByRole("link", { name: email })).toHaveCount(0);
  // Marks this document: a full page load would lose it.
  await page.evaluate(() => {
    (window as unknown as { adminSpecMark?: string }).adminSpecMark = "same document";
  });

  await page.getByRole("link", { name: "New customer" }).click();
  // (The list's search field is labelled E-mail too: wait for the form's page.)
  await expect(page.getByRole("heading", { level: 1, name: "New customer" })).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("IP address").fill("203.0.113.77");
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer created." })).toBeVisible();

  // Back to the plain list in the same document: the cached list was invalidated, so the new row is there now,
  // not after the cache's 15 s or a reload.
  await nav.getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(table.getByRole("link", { name: email })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { adminSpecMark?: string }).adminSpecMark)).toBe(
    "same document",
  );
});

test("the customers list shows 20 a page with links to the next and previous page", async ({
  page,
  request,
}) => {
  // 21 customers sharing one e-mail address: the e-mail filter gives this test a list of its own. They go to the
  // 3-D Secure demo shop, whose customers no other spec lists, so they never push another test's new customer
  // off the first page of shop 1's plain list.
  const suffix = uniqueSuffix();
  const email = `paged-${suffix}@example.com`;
  const created: string[] = [];
  for (let index = 1; index <= 21; index++) {
    const customer = await createCustomer(
      request,
      { email, external_id: `paged-${suffix}-${index}` },
      THREE_D_SECURE_SHOP,
    );
    created.push(customer.external_id ?? "");
  }
  await signIn(page, THREE_D_SECURE_SHOP.secretKey, THREE_D_SECURE_SHOP.id);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin/customers?email=${encodeURIComponent(email)}`);
  const table = page.getByRole("table", { name: "Customers, newest first" });
  const pages = page.getByRole("navigation", { name: "Customer pages" });
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(21); // the header and 20 customers
  await expect(pages).toContainText("Page 1 of 2 (21 results)");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const idsOn = async () =>
    (await rows.allInnerTexts())
      .map((text) => new RegExp(`paged-${suffix}-\\d+`).exec(text)?.[0])
      .filter((id): id is string => id !== undefined);
  const firstPage = await idsOn();
  expect(firstPage).toHaveLength(20);
  // Newest first: the last one created leads.
  expect(firstPage[0]).toBe(created[20]);

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/email=/);
  await expect(rows).toHaveCount(2);
  await expect(pages).toContainText("Page 2 of 2 (21 results)");
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  const secondPage = await idsOn();
  // The oldest is the one left over, and no customer is on both pages.
  expect(secondPage).toEqual([created[0]]);
  expect(new Set([...firstPage, ...secondPage])).toEqual(new Set(created));

  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(21);
  await expect(pages).toContainText("Page 1 of 2 (21 results)");
});
