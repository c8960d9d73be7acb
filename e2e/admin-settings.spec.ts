import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { basicAuth, expect, type PrivateServer, type ShopCredentials, signIn, test } from "./admin-fixtures";

// The demo shop is shared with every other spec running at the same time, so this test never saves a change:
// it checks the editor's validation and saves the settings exactly as they were.
test("settings show the webhook keys and check rules before saving", async ({ signedIn: page }) => {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Public key")).toHaveValue(/BEGIN PUBLIC KEY/);
  await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  const threeDSecure = page.getByLabel("Verify cards with 3-D Secure");
  await expect(threeDSecure).not.toBeChecked();
  const colour = page.getByLabel("Colour");
  const originalColour = await colour.inputValue();

  const newCardLimit = page.getByLabel("Most new cards a minute");
  await expect(newCardLimit).toHaveValue("60");
  await expect(newCardLimit).toHaveAccessibleDescription(/0 turns it off/);

  await page.getByRole("button", { name: "Add a rule" }).click();
  const rule = page.getByRole("group", { name: "Rule 1" });
  await expect(rule.getByLabel("Action")).toHaveValue("force_3ds");
  await colour.fill("#12");
  // The gateway's bounds, checked before anything is sent.
  await newCardLimit.fill("1000001");
  await page.getByRole("button", { name: "Save settings" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "The settings could not be saved" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Color is invalid");
  await expect(summary).toContainText("smart-routing rules need attention");
  await expect(
    summary.getByRole("link", { name: "New card limit per minute must be less than or equal to 1000000" }),
  ).toBeVisible();
  await expect(newCardLimit).toHaveAttribute("aria-invalid", "true");
  await expect(rule).toContainText("Match must name at least one of brand");
  await expect(colour).toHaveAttribute("aria-invalid", "true");

  // A condition makes the rule valid; the order buttons move rules from the keyboard.
  await rule.getByLabel("BIN").fill("99999999");
  await page.getByRole("button", { name: "Add a rule" }).click();
  const second = page.getByRole("group", { name: "Rule 2" });
  await second.getByLabel("Action").selectOption("decline");
  await second.getByLabel("Currency").fill("xts");
  await second.getByRole("button", { name: "Move up rule 2" }).click();
  await expect(page.getByRole("group", { name: "Rule 1" }).getByLabel("Action")).toHaveValue("decline");
  await expect(page.getByRole("group", { name: "Rule 1" }).getByLabel("Currency")).toHaveValue("xts");

  // Back to the settings as they were, then save: nothing changes for the shop.
  await page.getByRole("button", { name: "Remove rule 2" }).click();
  await page.getByRole("button", { name: "Remove rule 1" }).click();
  await colour.fill(originalColour);
  await newCardLimit.fill("60");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  // Rotating the secret key takes a second, explicit step; cancelling leaves the key alone (the demo shop's key
  // is shared with the other specs, so it is not rotated here).
  await page.getByRole("button", { name: "Rotate secret key" }).click();
  const confirm = page.getByRole("button", { name: "Yes, rotate the secret key" });
  await expect(confirm).toBeFocused();
  await expect(page.getByText("The current secret key will stop working immediately.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rotate secret key" })).toBeFocused();

  await page.reload();
  await expect(page.getByLabel("Colour")).toHaveValue(originalColour);
  await expect(page.getByLabel("Verify cards with 3-D Secure")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Rule 1" })).toHaveCount(0);
  await expect(page.getByLabel("Most new cards a minute")).toHaveValue("60");
});

/** A signed-in admin page on the test's own server (fresh database: its demo shop 1 belongs to this test). */
async function signInOn(browser: Browser, server: PrivateServer, secretKey = server.shop.secretKey) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page, secretKey, server.shop.id);
  return { context, page };
}

async function shopThroughApi(request: APIRequestContext, server: PrivateServer, shop: ShopCredentials) {
  return request.get(`${server.baseURL}/gateway/shop`, {
    headers: { authorization: basicAuth(shop.id, shop.secretKey) },
  });
}

async function openSettings(page: Page) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("a server-side refusal lands on its field; a real change is saved and still there after a reload", async ({
  browser,
  privateServer,
  request,
}) => {
  const { context, page } = await signInOn(browser, privateServer);
  await expect(page).toHaveURL(/\/admin$/);
  await openSettings(page);
  const name = page.getByLabel("Shop name shown");
  const colour = page.getByLabel("Colour");
  const threeDSecure = page.getByLabel("Verify cards with 3-D Secure");
  const holderRequired = page.getByLabel("Cardholder name");
  const frameAncestors = page.getByLabel("Sites allowed to show the payment page in an iframe");
  const newCardLimit = page.getByLabel("Most new cards a minute");
  const authorizationDays = page.getByLabel("Days an authorization can be captured");
  await expect(name).toHaveValue("Demo Shop");
  await expect(authorizationDays).toHaveValue("7");
  await expect(colour).toHaveValue("#1f4fd1");
  await expect(threeDSecure).not.toBeChecked();
  await expect(holderRequired).not.toBeChecked();

  // The browser's own check passes ("#aa3300" is a colour); the request the server receives says "#aa33", as a
  // tampered or outdated client might. Only the server can refuse it, and its answer must land on the field.
  await colour.fill("#aa3300");
  await page.route("**/admin/settings", async (route) => {
    const post = route.request();
    if (post.method() !== "POST" || !post.headers()["next-action"]) return route.continue();
    const body = post.postData() ?? "";
    expect(body).toContain('"color":"#aa3300"');
    await route.continue({ postData: body.replace('"color":"#aa3300"', '"color":"#aa33"') });
  });
  await page.getByRole("button", { name: "Save settings" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "The settings could not be saved" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Color is invalid" })).toBeVisible();
  await expect(colour).toHaveAttribute("aria-invalid", "true");
  await expect(colour).toHaveAccessibleDescription(/Color is invalid/);
  await expect(colour).toHaveValue("#aa3300");
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toHaveCount(0);
  await page.unrouteAll();
  const refused = await shopThroughApi(request, privateServer, privateServer.shop);
  expect((await refused.json()).shop.settings.branding.color).toBe("#1f4fd1");

  // The demo shop e-mails its shoppers every kind of message.
  const emailShoppers = page.getByLabel("Send e-mails to shoppers");
  const payoutEmails = page.getByLabel("Payout", { exact: true });
  const refundEmails = page.getByLabel("Refund", { exact: true });
  await expect(emailShoppers).toBeChecked();
  await expect(payoutEmails).toBeChecked();
  await expect(refundEmails).toBeChecked();

  // Now a real change of several settings, sent as typed.
  await payoutEmails.uncheck();
  await refundEmails.uncheck();
  await name.fill("Harbour Tours");
  await colour.fill("#aa3300");
  await threeDSecure.check();
  await holderRequired.check();
  await frameAncestors.fill("https://shop.example.com\nhttps://www.shop.example.com");
  await newCardLimit.fill("0");
  await authorizationDays.fill("14");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await expect(colour).not.toHaveAttribute("aria-invalid", "true");

  await page.reload();
  await expect(name).toHaveValue("Harbour Tours");
  await expect(colour).toHaveValue("#aa3300");
  await expect(threeDSecure).toBeChecked();
  await expect(holderRequired).toBeChecked();
  await expect(page.getByLabel("Customer e-mail")).not.toBeChecked();
  await expect(emailShoppers).toBeChecked();
  await expect(payoutEmails).not.toBeChecked();
  await expect(refundEmails).not.toBeChecked();
  await expect(page.getByLabel("Renewal failed (card update link)")).toBeChecked();
  await expect(frameAncestors).toHaveValue("https://shop.example.com\nhttps://www.shop.example.com");
  await expect(newCardLimit).toHaveValue("0");
  await expect(authorizationDays).toHaveValue("14");

  // Stored for the shop, not only shown: the gateway answers with the new settings, and applies them.
  const saved = (await (await shopThroughApi(request, privateServer, privateServer.shop)).json()).shop
    .settings;
  expect(saved).toMatchObject({
    three_d_secure: true,
    required_fields: ["credit_card.holder"],
    branding: { name: "Harbour Tours", color: "#aa3300", logo_url: null },
    frame_ancestors: ["https://shop.example.com", "https://www.shop.example.com"],
    // 0, the gateway's "off", sent as a number.
    new_card_limit_per_minute: 0,
    authorization_expiry_days: 14,
    customer_emails: {
      enabled: true,
      kinds: [
        "receipt",
        "subscription_started",
        "renewal_receipt",
        "renewal_failed",
        "subscription_canceled",
        "trial_will_end",
        "plan_changed",
        "subscription_paused",
        "subscription_resumed",
      ],
    },
  });
  const tokenization = await request.post(`${privateServer.baseURL}/gateway/transactions/tokenizations`, {
    headers: { authorization: basicAuth(privateServer.shop.id, privateServer.shop.secretKey) },
    data: {
      request: {
        amount: 1000,
        currency: "EUR",
        description: "After the settings change",
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          exp_month: "12",
          exp_year: "2040",
        },
      },
    },
  });
  expect(tokenization.status()).toBe(422);
  expect((await tokenization.json()).errors).toMatchObject({
    return_url: ["can't be blank"],
    credit_card: { holder: ["can't be blank"] },
  });
  await context.close();
});

test("rotating the secret key shows the new key once; this session goes on, the old key is refused", async ({
  browser,
  privateServer,
  request,
}) => {
  // Two sign-ins, a rotation and seven page loads: on a busy machine more than the default 30 s.
  test.slow();
  const oldKey = privateServer.shop;
  // Another admin session, signed in with the old key before the rotation.
  const other = await signInOn(browser, privateServer);
  await expect(other.page).toHaveURL(/\/admin$/);

  const { context, page } = await signInOn(browser, privateServer);
  await expect(page).toHaveURL(/\/admin$/);
  await openSettings(page);
  await page.getByRole("button", { name: "Rotate secret key" }).click();
  await page.getByRole("button", { name: "Yes, rotate the secret key" }).click();
  const shown = page.getByRole("status").filter({ hasText: "New secret key" });
  await expect(shown).toBeFocused();
  const output = page.getByRole("status").getByLabel("New secret key");
  await expect(output).toHaveText(/^[0-9a-f]{64}$/);
  const newKey = ((await output.textContent()) ?? "").trim();
  expect(newKey).not.toBe(oldKey.secretKey);

  // The API: the old key is refused at once, the new one works.
  const withOld = await shopThroughApi(request, privateServer, oldKey);
  expect(withOld.status()).toBe(401);
  expect(await withOld.json()).toEqual({ message: "Access denied", errors: { base: ["Access denied"] } });
  const withNew = await shopThroughApi(request, privateServer, { id: oldKey.id, secretKey: newKey });
  expect(withNew.status()).toBe(200);

  // This session switched to the new key by itself: its reads and pages keep working.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByText("No customers yet.")).toBeVisible();
  await openSettings(page);
  await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  // Shown once: after leaving the page the key is nowhere to be seen again.
  await expect(page.getByLabel("New secret key")).toHaveCount(0);
  await expect(page.getByText(newKey)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText(newKey)).toHaveCount(0);

  // The session signed in with the old key ends on its next request.
  await other.page.goto("/admin/customers");
  await expect(other.page).toHaveURL(/\/admin\/sign-in\?reason=expired$/);
  // Signing in: the old key no longer, the new one yes.
  await signIn(other.page, oldKey.secretKey, oldKey.id);
  await expect(other.page.getByRole("main").getByRole("alert")).toHaveText(
    "The shop id or secret key is not correct.",
  );
  await signIn(other.page, newKey, oldKey.id);
  await expect(other.page).toHaveURL(/\/admin$/);
  await other.context.close();
  await context.close();
});
