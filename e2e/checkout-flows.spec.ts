import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_2,
  expect,
  fillCard,
  futureExpiry,
  merchantUrls,
  merchantView,
  test,
} from "./checkout-fixtures";

async function expectNoAxeViolations(page: Page): Promise<void> {
  // After a client-side navigation the title is set a moment after the body; axe must see the settled page.
  await expect(page).not.toHaveTitle("");
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
  ).toEqual([]);
}

/** Reads the sandbox issuer's test-mode code from its page, types it in and confirms. */
async function passChallenge(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  const notice = await page.getByText(/Test mode: your code is \d+/).innerText();
  const code = /(\d+)/.exec(notice)?.[1] ?? "";
  await page.getByLabel("One-time code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
}

test.describe("3-D Secure through the hosted page (shop 2)", () => {
  test("a challenge card passes the challenge and comes back to the merchant", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, { shop: DEMO_SHOP_2, settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4012000000001097" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();

    await page.waitForURL(/\/gateway\/process\//);
    await passChallenge(page);

    await page.waitForURL(`${merchant.origin}/success**`);
    const landed = new URL(page.url());
    expect(landed.searchParams.get("token")).toBe(session.token);
    expect(landed.searchParams.get("status")).toBe("successful");
    const view = await merchantView(request, session.token, DEMO_SHOP_2);
    expect(view.status).toBe("successful");
    expect(landed.searchParams.get("uid")).toBe(view.gateway_response.transaction.uid);
    expect(view.gateway_response.transaction.three_d_secure_verification.status).toBe("successful");
  });

  test("the return route trusts the gateway, not its query", async ({ page, request, merchant }) => {
    const session = await createSession(request, { shop: DEMO_SHOP_2, settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4012000000001097" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(/\/gateway\/process\//);
    const processUrl = page.url();

    // A forged return while the verification is still open: back to the page, which offers to continue.
    await page.goto(`${session.pageUrl}/return?status=successful&uid=forged`);
    await expect(page).toHaveURL(session.pageUrl);
    await expect(page.getByRole("heading", { name: "Card verification in progress" })).toBeVisible();
    await page.getByRole("link", { name: "Continue to card verification" }).click();
    await expect(page).toHaveURL(processUrl);
    await passChallenge(page);
    await page.waitForURL(`${merchant.origin}/success**`);
  });

  test("a challenge canceled at the issuer counts as a decline, and another card may follow", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, {
      shop: DEMO_SHOP_2,
      attempts: 2,
      settings: merchantUrls(merchant),
    });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4012000000001097" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(/\/gateway\/process\//);
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(session.pageUrl);
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toContainText(
      "You have 1 attempt left.",
    );
    await fillCard(page, { number: "4012000000001006" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
  });

  test("a frictionless card succeeds without a challenge", async ({ page, request, merchant }) => {
    const session = await createSession(request, { shop: DEMO_SHOP_2, settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4012000000001006" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
    expect(new URL(page.url()).searchParams.get("status")).toBe("successful");
  });
});

test.describe("accessibility and devices", () => {
  test("a payment can be completed with the keyboard alone", async ({ page, request, merchant }) => {
    const session = await createSession(request, {
      settings: { ...merchantUrls(merchant), customer_fields: { visible: ["email"], read_only: [] } },
    });
    await page.goto(session.redirectUrl);
    const cardNumber = page.getByLabel("Card number");
    for (
      let presses = 0;
      presses < 20 && !(await cardNumber.evaluate((el) => el === document.activeElement));
      presses++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(cardNumber).toBeFocused();
    await page.keyboard.type("4200000000000000");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Expiry date")).toBeFocused();
    await page.keyboard.type(futureExpiry().replace("/", ""));
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Security code")).toBeFocused();
    await page.keyboard.type("123");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kim Keyboard");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type("kim@example.com");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /^(Pay |Save card$)/ })).toBeFocused();
    await page.keyboard.press("Enter");

    await page.waitForURL(`${merchant.origin}/success**`);
    const view = await merchantView(request, session.token);
    expect(view.gateway_response.transaction.credit_card.holder).toBe("Kim Keyboard");
    expect(view.gateway_response.transaction.customer.email).toBe("kim@example.com");
  });

  test("errors reached by keyboard: summary focused, link to the field", async ({ page, request }) => {
    const session = await createSession(request);
    await page.goto(session.redirectUrl);
    await page.getByLabel("Card number").focus();
    await page.keyboard.type("4200000000000000");
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(summary.getByRole("link", { name: "Enter the expiry date" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Expiry date")).toBeFocused();
  });

  test.describe("on a 375 px wide phone", () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

    test("the page fits the screen and a payment goes through", async ({ page, request, merchant }) => {
      const session = await createSession(request, {
        settings: {
          ...merchantUrls(merchant),
          customer_fields: { visible: ["email", "first_name", "last_name", "country", "zip"], read_only: [] },
        },
      });
      await page.goto(session.redirectUrl);
      // Against the device's width, not window.innerWidth, which a mobile browser widens to fit overflowing content.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const label of ["Card number", "Expiry date", "Security code"]) {
        await expect(page.getByLabel(label)).toHaveAttribute("inputmode", "numeric");
      }
      await expect(page.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
      await expect(page.getByLabel("Expiry date")).toHaveAttribute("autocomplete", "cc-exp");
      await expect(page.getByLabel("Security code")).toHaveAttribute("autocomplete", "cc-csc");
      await expect(page.getByLabel("Name on card")).toHaveAttribute("autocomplete", "cc-name");
      await fillCard(page, { number: "4200000000000000" });
      await page.getByRole("button", { name: /^(Pay |Save card$)/ }).tap();
      await page.waitForURL(`${merchant.origin}/success**`);
    });
  });

  test("axe finds no violations on the payment page, with errors, and on the result page", async ({
    page,
    request,
  }) => {
    // Four full axe runs over a page with a 249-country list take a while on a small machine.
    test.setTimeout(120_000);
    const session = await createSession(request, {
      attempts: 2,
      settings: {
        customer_fields: {
          visible: [
            "email",
            "first_name",
            "last_name",
            "address",
            "city",
            "country",
            "state",
            "zip",
            "phone",
          ],
          read_only: [],
        },
      },
      customer: { country: "US" },
    });
    await page.goto(session.redirectUrl);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expectNoAxeViolations(page);

    await fillCard(page, { number: "4005550000000019" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
    await expectNoAxeViolations(page);

    await fillCard(page, { number: "4200000000000000" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`**/checkout/${session.token}/result`);
    // After a client-side navigation the page's title arrives with its streamed metadata.
    await expect(page).toHaveTitle("Payment to Demo Shop");
    await expectNoAxeViolations(page);
  });
});

test("the merchant's notification_url receives the signed webhook", async ({ page, request, merchant }) => {
  const session = await createSession(request, {
    settings: { ...merchantUrls(merchant), notification_url: `${merchant.origin}/webhook` },
  });
  await page.goto(session.redirectUrl);
  await fillCard(page, { number: "4200000000000000" });
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
  await page.waitForURL(`${merchant.origin}/success**`);

  const delivery = await merchant.waitFor("/webhook");
  expect(delivery.method).toBe("POST");
  const { transaction } = JSON.parse(delivery.body);
  const uid = new URL(page.url()).searchParams.get("uid");
  expect(transaction.uid).toBe(uid);
  expect(transaction.status).toBe("successful");
  expect(transaction.tracking_id).toBe(`e2e-${session.amount}`);
  expect(delivery.body).not.toContain("4200000000000000");
  expect(delivery.headers["content-signature"]).toBeTruthy();
  expect(delivery.headers.authorization).toBe(
    `Basic ${Buffer.from("1:demo_secret_key_shop_1_without_3ds").toString("base64")}`,
  );
  expect(delivery.headers["webhook-id"]).toBeTruthy();
  expect(delivery.headers["webhook-signature"]).toMatch(/^v1,/);
});

test("only the origins the shop allows may frame the page", async ({ page, request, merchant }) => {
  const setFrameAncestors = (origins: string[]) =>
    request.patch("/gateway/shop", {
      headers: { authorization: basicAuth(DEMO_SHOP_2) },
      data: { settings: { frame_ancestors: origins } },
    });
  const session = await createSession(request, { shop: DEMO_SHOP_2 });
  const framed = page.frameLocator("iframe").getByRole("heading", { level: 1, name: "Payment" });

  await page.goto(`${merchant.origin}/frame?src=${encodeURIComponent(session.redirectUrl)}`);
  await expect(page.locator("iframe")).toBeAttached();
  await expect(framed).toHaveCount(0);

  expect((await setFrameAncestors([merchant.origin])).status()).toBe(200);
  try {
    // Shop settings reach every instance within seconds (each caches a shop briefly).
    await expect(async () => {
      const csp = (await request.get(session.redirectUrl)).headers()["content-security-policy"];
      expect(csp).toContain(`frame-ancestors ${merchant.origin}`);
    }).toPass({ timeout: 15_000 });
    await page.goto(`${merchant.origin}/frame?src=${encodeURIComponent(session.redirectUrl)}`);
    await expect(framed).toBeVisible();
  } finally {
    await setFrameAncestors([]);
  }
});

test("axe finds no violations on the expired, canceled, unknown and verification-in-progress pages", async ({
  page,
  request,
  merchant,
}) => {
  test.setTimeout(90_000);
  const canceled = await createSession(request, { settings: merchantUrls(merchant, 30) });
  await page.goto(canceled.redirectUrl);
  await page.getByRole("button", { name: /^Cancel and return/ }).click();
  await page.getByRole("button", { name: "Yes, cancel" }).click();
  await page.waitForURL(`${merchant.origin}/cancel**`);
  await page.goto(`/checkout/${canceled.token}/result`);
  await expect(page.getByRole("heading", { level: 1, name: "Payment canceled" })).toBeVisible();
  await expectNoAxeViolations(page);

  const past = await createSession(request, {
    expiredAt: new Date(Date.now() + 1_500).toISOString(),
    settings: merchantUrls(merchant),
  });
  await page.waitForTimeout(2_000);
  await page.goto(past.redirectUrl);
  await expect(page.getByRole("heading", { name: "This payment session has expired" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/checkout/${"0".repeat(64)}`);
  await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
  await expectNoAxeViolations(page);

  const challenge = await createSession(request, { shop: DEMO_SHOP_2, settings: merchantUrls(merchant) });
  await page.goto(challenge.redirectUrl);
  await fillCard(page, { number: "4012000000001097" });
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.goto(challenge.redirectUrl);
  await expect(page.getByRole("heading", { name: "Card verification in progress" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("while a payment is pending the form is locked and says so; one click is one attempt", async ({
  page,
  request,
  merchant,
}) => {
  const session = await createSession(request, {
    attempts: 3,
    settings: { ...merchantUrls(merchant), verification_url: `${merchant.origin}/verify-slow` },
  });
  await page.goto(session.redirectUrl);
  await expect(page).toHaveTitle("Payment to Demo Shop");
  await fillCard(page, { number: "4200000000000000" });
  const pay = page.getByRole("button", { name: /^(Pay |Save card$)/ });
  await pay.click();
  const pending = page.getByRole("button", { name: "Checking card…" });
  await expect(pending).toBeDisabled();
  await expect(page.getByLabel("Card number")).toBeDisabled();
  // Nor can the session be canceled under the payment it would race.
  await expect(page.getByRole("button", { name: /^Cancel and return/ })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Checking card…" })).toBeAttached();
  // A second press while pending does nothing.
  await pending.click({ force: true });
  await page.waitForURL(`${merchant.origin}/success**`);
  const view = await merchantView(request, session.token);
  expect(view).toMatchObject({ status: "successful", attempts_used: 1 });
  expect(merchant.received.filter((entry) => entry.url.pathname === "/verify-slow")).toHaveLength(1);
});
