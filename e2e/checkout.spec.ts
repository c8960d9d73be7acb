import fs from "node:fs";
import {
  createSession,
  expect,
  fillCard,
  futureExpiry,
  merchantUrls,
  merchantView,
  storeCard,
  test,
} from "./checkout-fixtures";

test.describe("hosted payment page", () => {
  test("a successful payment lands on the merchant's success URL with token, status and uid", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, {
      transactionType: "payment",
      settings: merchantUrls(merchant),
    });
    await page.goto(session.redirectUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
    await expect(page.getByText("Two tickets to the harbour tour")).toBeVisible();
    const amount = new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(
      session.amount / 100,
    );
    await expect(page.locator(".order-summary__amount")).toHaveText(`Amount: ${amount}`);

    await fillCard(page, { number: "4200000000000000", holder: "Jane Shopper" });
    await expect(page.getByLabel("Card number")).toHaveValue("4200 0000 0000 0000");
    await expect(page.getByText("Card type: Visa")).toBeVisible();
    await page.getByRole("button", { name: `Pay ${amount}` }).click();

    await page.waitForURL(`${merchant.origin}/success**`);
    const landed = new URL(page.url());
    expect(landed.searchParams.get("order")).toBe("42");
    expect(landed.searchParams.get("token")).toBe(session.token);
    expect(landed.searchParams.get("status")).toBe("successful");
    const view = await merchantView(request, session.token);
    expect(view.status).toBe("successful");
    expect(landed.searchParams.get("uid")).toBe(view.gateway_response.transaction.uid);
    expect(view.gateway_response.transaction.credit_card.holder).toBe("Jane Shopper");
    // The card number went through a server action's body only: never into a URL, a cookie or storage.
    expect(page.url()).not.toContain("4200000000000000");
    const cookies = await page.context().cookies();
    expect(JSON.stringify(cookies)).not.toMatch(/4200\s?0000/);
  });

  test("a declined card can be replaced while attempts remain", async ({ page, request, merchant }) => {
    const session = await createSession(request, { attempts: 2, settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4005550000000019" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Your card was declined" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("You have 1 attempt left.");
    await expect(alert).toBeFocused();
    // The declined card stays to be corrected or replaced; its security code is gone.
    await expect(page.getByLabel("Card number")).toHaveValue("4005 5500 0000 0019");
    await expect(page.getByLabel("Security code")).toHaveValue("");

    await fillCard(page, { number: "4200000000000000" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
    expect(new URL(page.url()).searchParams.get("status")).toBe("successful");
  });

  test("the last attempt declined ends on the result page and the session stays closed", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, { attempts: 1, settings: merchantUrls(merchant, 30) });
    await page.goto(session.redirectUrl);
    await fillCard(page, { number: "4005550000000019" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();

    await page.waitForURL(`**/checkout/${session.token}/result`);
    await expect(page.getByRole("heading", { level: 1, name: "Payment declined" })).toBeVisible();
    await expect(page.getByText("Card: Visa ending in 0019")).toBeVisible();
    await expect(page.getByRole("timer")).toContainText("Returning to Demo Shop in");
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page.getByText("Automatic return stopped.")).toBeVisible();

    // Coming back to the payment link shows the outcome, not a form.
    await page.goto(session.redirectUrl);
    await expect(page).toHaveURL(`${session.pageUrl}/result`);
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await page.getByRole("link", { name: "Return to Demo Shop" }).click();
    await page.waitForURL(`${merchant.origin}/decline**`);
    expect(new URL(page.url()).searchParams.get("status")).toBe("failed");
  });

  test("an expired session says so and leads back to the merchant", async ({ page, request, merchant }) => {
    const session = await createSession(request, {
      expiredAt: new Date(Date.now() + 1500).toISOString(),
      settings: merchantUrls(merchant),
    });
    await expect(async () => {
      await page.goto(session.redirectUrl);
      await expect(page.getByRole("heading", { name: "This payment session has expired" })).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await page.getByRole("link", { name: "Return to Demo Shop" }).click();
    await page.waitForURL(`${merchant.origin}/fail**`);
    const landed = new URL(page.url());
    expect(landed.searchParams.get("token")).toBe(session.token);
    expect(landed.searchParams.get("status")).toBe("error");
  });

  test("an unknown payment link answers 404 with a clear page", async ({ page }) => {
    const response = await page.goto(`/checkout/${"ab".repeat(32)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Payment link not found" })).toBeVisible();
    const malformed = await page.goto("/checkout/not-a-token");
    expect(malformed?.status()).toBe(404);
  });

  test("cancel sends the shopper to the cancel URL and closes the session", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, { settings: merchantUrls(merchant, null) });
    await page.goto(session.redirectUrl);
    await page.getByRole("button", { name: "Cancel and return to Demo Shop" }).click();
    // A cancel asks first; staying keeps the form, confirming ends the session.
    await expect(page.getByText("Cancel and return to Demo Shop? Nothing is charged.")).toBeVisible();
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await page.getByRole("button", { name: "Cancel and return to Demo Shop" }).click();
    await expect(page.getByRole("button", { name: "Yes, cancel" })).toBeFocused();
    await page.getByRole("button", { name: "Yes, cancel" }).click();
    await page.waitForURL(`${merchant.origin}/cancel**`);
    expect(new URL(page.url()).searchParams.get("token")).toBe(session.token);
    const view = await merchantView(request, session.token);
    expect(view.status).toBe("failed");
    expect(view.message).toBe("Canceled by the shopper");

    // Back on the payment link: the outcome, and a link (no automatic return was asked for).
    await page.goto(session.redirectUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Payment canceled" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Demo Shop" })).toHaveAttribute(
      "href",
      new RegExp(`^${merchant.origin}/cancel\\?token=${session.token}`),
    );
    await expect(page.getByRole("timer")).toHaveCount(0);
  });

  test("without merchant URLs the result page stays", async ({ page, request }) => {
    // A tokenization: a card check, which charges nothing and says so on the page, its button and its result.
    const session = await createSession(request);
    await page.goto(session.redirectUrl);
    await expect(page.locator(".order-summary__amount")).toHaveCount(0);
    await fillCard(page, { number: "4200000000000000" });
    await page.getByRole("button", { name: "Save card", exact: true }).click();
    await page.waitForURL(`**/checkout/${session.token}/result`);
    await expect(page.getByRole("heading", { level: 1, name: "Card saved" })).toBeVisible();
    await expect(page.getByText("Nothing was charged.")).toBeVisible();
    await expect(page.locator(".order-summary__amount")).toHaveCount(0);
    await expect(page.getByText("You can close this window.")).toBeVisible();
  });

  test("the browser's checks name every problem in a focused summary linked to the fields", async ({
    page,
    request,
  }) => {
    const session = await createSession(request, {
      settings: { customer_fields: { visible: ["email", "country", "state", "zip"], read_only: [] } },
    });
    await page.goto(session.redirectUrl);
    await page.getByLabel("Card number").fill("4200 0000 0000 0001");
    await page.getByLabel("Expiry date").fill("13/30");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("State").selectOption("NY");
    await page.getByLabel("ZIP or postal code").fill("1234");
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();

    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    for (const text of [
      "Enter a valid card number",
      "Enter the expiry date as MM/YY",
      "Enter the security code",
      "Enter a valid email address",
      "Enter a valid ZIP code, e.g. 12345 or 12345-6789",
    ]) {
      await expect(summary.getByRole("link", { name: text })).toBeVisible();
    }
    // Each error is tied to its field.
    const zip = page.getByLabel("ZIP or postal code");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription(/Enter a valid ZIP code/);
    await summary.getByRole("link", { name: "Enter the security code" }).click();
    await expect(page.getByLabel("Security code")).toBeFocused();
    // An American Express number asks for four digits.
    await page.getByLabel("Card number").fill("378282246310005");
    await expect(page.getByLabel("Card number")).toHaveValue("3782 822463 10005");
    await expect(page.getByLabel("Security code")).toHaveAttribute("maxlength", "4");
  });

  test("the server maps its own verdicts onto the fields and the summary", async ({ page, request }) => {
    // A shopper's device with a clock two years behind: the browser takes last year's expiry date as valid,
    // the server action (the server's clock) does not, and says so on the field.
    const lastYear = new Date().getFullYear() - 1;
    await page.clock.setSystemTime(new Date(lastYear - 1, 5, 1));
    const first = await createSession(request);
    await page.goto(first.redirectUrl);
    await fillCard(page, {
      number: "4200000000000000",
      expiry: `06/${String(lastYear % 100).padStart(2, "0")}`,
    });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: /This card has expired/ })).toBeVisible();
    await expect(page.getByLabel("Expiry date")).toHaveAttribute("aria-invalid", "true");

    // The gateway's duplicate check: the same card for the same amount at the same shop within 30 seconds. Only
    // the gateway knows, and its 422 lands in the summary.
    const amount = first.amount + 1;
    const paid = await createSession(request, { amount });
    const second = await createSession(request, { amount });
    await page.clock.setSystemTime(new Date());
    await page.goto(paid.redirectUrl);
    await fillCard(page, { number: "4012000000001006" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`**/checkout/${paid.token}/result`);
    await page.goto(second.redirectUrl);
    await fillCard(page, { number: "4012000000001006" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "This card was just used for the same amount" }),
    ).toBeFocused();
    // The refused attempt was given back: the session still takes a payment.
    expect((await merchantView(request, second.token)).status).toBe("pending");
  });

  test("customer fields are prefilled, read-only where the session says so, and reach the gateway", async ({
    page,
    request,
    merchant,
  }) => {
    const session = await createSession(request, {
      settings: {
        ...merchantUrls(merchant),
        customer_fields: {
          visible: ["email", "first_name", "country", "state", "zip"],
          read_only: ["email"],
        },
      },
      customer: { email: "fixed@example.com", country: "CA" },
    });
    await page.goto(session.redirectUrl);
    const email = page.getByLabel("Email");
    await expect(email).toHaveValue("fixed@example.com");
    await expect(email).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Country")).toHaveValue("CA");
    await page.getByLabel("Province").selectOption("QC");
    await page.getByLabel("First name").fill("Amélie");
    await page.getByLabel("ZIP or postal code").fill("H2X 1Y4");
    await fillCard(page, { number: "4200000000000000" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
    const { transaction } = (await merchantView(request, session.token)).gateway_response;
    expect(transaction.customer.email).toBe("fixed@example.com");
    expect(transaction.billing_address).toMatchObject({
      first_name: "Amélie",
      country: "CA",
      state: "QC",
      zip: "H2X 1Y4",
    });
  });

  test("the page carries a nonce CSP and the other security headers, and breaks none of them", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const session = await createSession(request);
    const response = await page.goto(session.redirectUrl);
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    // The nonce, and the hash of the shop's colour style (for pages reached by client-side navigation).
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')?(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["cache-control"]).toContain("no-store");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
    const second = await request.get(session.redirectUrl);
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
    // Every script of the page carries this response's nonce; nothing comes from another origin.
    const scripts = await page.locator("script").evaluateAll((elements) =>
      elements.map((element) => ({
        nonce: (element as HTMLScriptElement).nonce,
        src: element.getAttribute("src"),
      })),
    );
    for (const script of scripts) {
      expect(script.nonce).toBe(nonce);
      if (script.src) expect(script.src.startsWith("/")).toBe(true);
    }

    // The page's own code runs under the policy (formatting, the form's rules loaded on demand, the summary).
    await page.getByLabel("Card number").fill("4200000000000000");
    await expect(page.getByLabel("Card number")).toHaveValue("4200 0000 0000 0000");
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain("4200");
  });

  test("the test-mode banner fills in a test card", async ({ page, request, merchant }) => {
    const session = await createSession(request, { settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    // A slim band, folded until opened.
    await expect(page.getByText("Test mode: no real payment is made.")).toBeHidden();
    await page.getByText("Test mode — fill in a test card").click();
    await expect(page.getByText("Test mode: no real payment is made.")).toBeVisible();
    await page.getByRole("button", { name: /Use 4200 0000 0000 0000/ }).click();
    await expect(page.getByLabel("Card number")).toHaveValue("4200 0000 0000 0000");
    await expect(page.getByLabel("Expiry date")).toHaveValue(futureExpiry());
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
  });

  test("without JavaScript the card goes in a POST body: errors come back, then the payment goes through", async ({
    browser,
    request,
    merchant,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const session = await createSession(request, { attempts: 2, settings: merchantUrls(merchant) });
      await page.goto(session.redirectUrl);
      const addresses: string[] = [];
      page.on("request", (sent) => addresses.push(sent.url()));

      // The server judges alone: an expired card is named on its field.
      await fillCard(page, { number: "4200000000000000", expiry: "01/20", code: "123" });
      await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
      await expect(page.getByText(/expired/i).first()).toBeVisible();

      await fillCard(page, { number: "4200 0000 0000 0000", code: "123" });
      await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
      await page.waitForURL(`${merchant.origin}/success**`);
      expect(new URL(page.url()).searchParams.get("status")).toBe("successful");
      for (const address of addresses) {
        expect(address).not.toMatch(/4200(%20|\+|\s)?0000/);
        expect(address).not.toContain("verification_value");
      }
      expect((await merchantView(request, session.token)).status).toBe("successful");
    } finally {
      await context.close();
    }
  });

  test("a saved card is paid with its security code alone", async ({ page, request, merchant }) => {
    const savedCardToken = await storeCard(request, "378282246310005");
    const session = await createSession(request, { savedCardToken, settings: merchantUrls(merchant) });
    await page.goto(session.redirectUrl);
    await expect(page.getByText("Pay with: American Express ending in 0005")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    // No card to fill in: a test card would be another card, which this merchant did not offer.
    await expect(page.getByRole("button", { name: /^Use / })).toHaveCount(0);

    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expect(page.getByRole("link", { name: /4-digit/ })).toBeVisible();

    await page.getByLabel("Security code").fill("1234");
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
    const { transaction } = (await merchantView(request, session.token)).gateway_response;
    expect(transaction.credit_card).toMatchObject({ brand: "amex", last_4: "0005" });
  });

  test("another card may replace the saved one where the merchant offers it", async ({
    page,
    request,
    merchant,
  }) => {
    const savedCardToken = await storeCard(request, "4012888888881881");
    const session = await createSession(request, {
      savedCardToken,
      settings: { ...merchantUrls(merchant), another_card_toggle: { display: true } },
    });
    await page.goto(session.redirectUrl);
    const choice = page.getByRole("group", { name: "Pay with" });
    await expect(choice.getByRole("radio", { name: "Visa ending in 1881" })).toBeChecked();
    await choice.getByRole("radio", { name: "Another card" }).check();
    await fillCard(page, { number: "4200000000000000" });
    await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
    await page.waitForURL(`${merchant.origin}/success**`);
    const { transaction } = (await merchantView(request, session.token)).gateway_response;
    expect(transaction.credit_card.last_4).toBe("0000");
  });
});

test("no card number, security code or live checkout token reaches the server's log, whatever the attempt's fate", async ({
  page,
  request,
  merchant,
}) => {
  const logFile = process.env.E2E_SERVER_LOG ?? "";
  // A number of this test's own (Luhn-valid).
  const cardNumber = (prefix: string) => {
    const body = `${prefix}${String(Date.now()).slice(-11)}`;
    return `${body}${luhnDigit(body)}`;
  };
  const number = cardNumber("4111");
  // The decline counts for the duplicate check: the payment that follows uses another card.
  const other = cardNumber("4112");
  const session = await createSession(request, { attempts: 3, settings: merchantUrls(merchant) });
  await page.goto(session.redirectUrl);
  // Refused by the page's server action (expired), then declined by the acquirer (code 222), then paid.
  await fillCard(page, { number, expiry: "01/21", code: "987" });
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await fillCard(page, { number, code: "222" });
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined" })).toBeVisible();
  await fillCard(page, { number: other, code: "987" });
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
  await page.waitForURL(`${merchant.origin}/success**`);

  const log = fs.readFileSync(logFile, "utf8");
  expect(log.length).toBeGreaterThan(0);
  expect(log).toContain("/gateway/transactions/tokenizations");
  for (const card of [number, other]) {
    expect(log).not.toContain(card);
    expect(log).not.toContain(card.replace(/(\d{4})(?=\d)/g, "$1 "));
  }
  // Log lines are JSON: a code would be a string value of its own or follow its field's name.
  expect(log).not.toContain('"987"');
  expect(log).not.toMatch(/verification_value\W+\d/);
  // The session's token is the shopper's credential: its paths are logged masked, never whole.
  expect(log).toContain(`/checkouts/${session.token.slice(0, 8)}[REDACTED]`);
  expect(log).not.toContain(session.token);
});

function luhnDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit *= 2;
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
