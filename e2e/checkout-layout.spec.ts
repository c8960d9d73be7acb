import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { getCheckoutMessages } from "@/lib/checkout/messages";
import { interpolate } from "@/lib/checkout/messages/interpolate";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  expect,
  test,
  uniqueAmount,
} from "./checkout-fixtures";

/**
 * The payment page's look, as a shopper sees it on a desktop (1280 × 900) and a phone (375 × 812), light and dark,
 * in a left-to-right, a right-to-left and a CJK language: nothing scrolls sideways, axe finds nothing, the order
 * is beside the form from 900 px and above it below, the brand's mark appears in the number field as it is typed.
 * And the stored-credential notice of a session that keeps the card for the shop's later charges.
 */

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;
const SCHEMES = ["light", "dark"] as const;

async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect(page).not.toHaveTitle("");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
  ).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  expect(box, selector).not.toBeNull();
  return box as { x: number; y: number; width: number; height: number };
}

for (const language of ["en", "ar", "ja"] as const) {
  test(`${language}: two panes from 900 px, one column below, light and dark, axe clean, nothing sideways`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const messages = getCheckoutMessages(language);
    const session = await createSession(request, { transactionType: "payment", settings: { language } });
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(session.pageUrl);
        await expect(page.getByRole("heading", { level: 1, name: messages.page.title })).toBeVisible();
        await expectNoHorizontalScroll(page);
        // The order pane: the shop's name at its head, then description and amount.
        await expect(page.locator(".checkout-layout__order .checkout__shop")).toHaveText("Demo Shop");
        await expect(page.locator(".checkout__shop")).toHaveCount(1);
        const order = await boxOf(page, ".checkout-layout__order");
        const form = await boxOf(page, ".checkout-layout__pay");
        if (viewport.width >= 900) {
          // Side by side: the same rows, different columns.
          expect(Math.abs(order.y - form.y), `${viewport.width} ${colorScheme}`).toBeLessThan(8);
          expect(language === "ar" ? order.x > form.x : order.x < form.x).toBe(true);
        } else {
          // One column: the order first, folded into one line (amount · Details), the rest of it closed.
          expect(order.y + order.height).toBeLessThanOrEqual(form.y + 1);
          const fold = page.locator(".order-summary__fold");
          await expect(fold).toBeVisible();
          await expect(fold).toContainText(messages.page.orderDetails);
          expect((await boxOf(page, ".order-summary__fold")).height).toBeLessThan(48);
          await expect(page.locator(".order-summary__description")).toBeHidden();
        }
        // The test band, folded, is a slim line: never larger than the order.
        const band = await boxOf(page, ".test-mode");
        expect(band.height, `${viewport.width} ${colorScheme}`).toBeLessThan(order.height);
        await expectNoAxeViolations(page);
      }
    }

    // Shop 1 runs no 3-D Secure: its band offers no 3-D Secure card (it would not do what it says there).
    await page.getByText(messages.testBand.summary).click();
    await expect(page.getByRole("button", { name: /4200 0000 0000 0000/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /4012 0000 0000 1097/ })).toHaveCount(0);

    // The folded band shows that it opens (its arrow), and opens to the test cards; in a right-to-left page
    // "3-D Secure" and the numbers stay whole (shop 2, with 3-D Secure).
    const secure = await createSession(request, {
      shop: DEMO_SHOP_2,
      transactionType: "payment",
      settings: { language },
    });
    await page.goto(secure.pageUrl);
    const arrow = () =>
      page
        .locator(".test-mode__summary")
        .evaluate(
          (summary) =>
            getComputedStyle(summary, "::after").content + getComputedStyle(summary, "::after").rotate,
        );
    expect(await arrow()).toMatch(/^"▾".*none$/);
    await page.getByText(messages.testBand.summary).click();
    expect(await arrow()).toMatch(/180deg$/);
    const challenge = page.getByRole("button", { name: /4012 0000 0000 1097/ });
    await expect(challenge).toBeVisible();
    if (language === "ar") {
      // The pay button's amount is one left-to-right run, its currency sign on its side ("12.34 US$").
      await expect(page.locator(".payment-form__submit bdi")).toHaveText(/^[\d,.]+\sUS\$$/);
      await expect(challenge.locator("bdi", { hasText: "4012 0000 0000 1097" })).toHaveCount(1);
      await expect(challenge.locator("bdi", { hasText: "3-D Secure" })).toHaveCount(1);
    }
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
}

test("the detected brand's mark appears in the number field, with the security code's place for the brand", async ({
  page,
  request,
}) => {
  const session = await createSession(request, { transactionType: "payment" });
  await page.goto(session.pageUrl);
  const field = page.locator(".card-number");
  const mark = page.locator(".card-number__mark");
  await expect(mark).toBeHidden();
  for (const [number, brand] of [
    ["4200000000000000", "visa"],
    ["5555555555554444", "master"],
    ["378282246310005", "amex"],
  ] as const) {
    await page.getByLabel("Card number").fill(number);
    await expect(field).toHaveAttribute("data-brand", brand);
    await expect(mark).toBeVisible();
    const image = await mark.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(image).toContain("data:image/svg+xml");
    // The mark sits inside the field's box.
    const input = await boxOf(page, "#field-number");
    const box = await boxOf(page, ".card-number__mark");
    expect(box.x).toBeGreaterThan(input.x);
    expect(box.x + box.width).toBeLessThanOrEqual(input.x + input.width);
  }
  await expect(page.getByText("The 4-digit code on the front of your card")).toBeVisible();
  await page.getByLabel("Card number").fill("4200000000000000");
  await expect(page.getByText("The 3-digit code on the back of your card")).toBeVisible();
  // The accepted brands, above the form.
  const accepted = page.getByRole("list", { name: "Accepted cards" });
  for (const name of ["Visa", "Mastercard", "American Express"]) {
    await expect(accepted.getByRole("img", { name })).toBeVisible();
  }
  await expect(page.getByText("Secured by Tessera")).toBeVisible();
});

for (const language of ["en", "he"] as const) {
  test(`${language}: a session that keeps the card for later charges says so before the button`, async ({
    page,
    request,
  }) => {
    const messages = getCheckoutMessages(language);
    const amount = uniqueAmount();
    const response = await request.post("/gateway/ctp/api/checkouts", {
      headers: { authorization: basicAuth(DEMO_SHOP_1) },
      data: {
        checkout: {
          transaction_type: "payment",
          test: true,
          order: {
            amount,
            currency: "EUR",
            description: "Monthly harbour pass",
            additional_data: { contract: ["recurring"] },
          },
          settings: { language },
        },
      },
    });
    expect(response.status()).toBe(201);
    const { checkout } = await response.json();
    await page.goto(checkout.redirect_url);
    await expect(page).toHaveURL(new RegExp(`/checkout/${checkout.token}$`));
    const text = interpolate(messages.storedCredential.notice, { shop: "Demo Shop" });
    const notice = page.locator(".stored-credential");
    await expect(notice).toHaveText(text);
    // Before the button, and read with it.
    const button = page.locator(".payment-form__submit");
    expect((await boxOf(page, ".stored-credential")).y).toBeLessThan(
      (await boxOf(page, ".payment-form__submit")).y,
    );
    await expect(button).toHaveAttribute("aria-describedby", "stored-credential-notice");
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A session without `recurring` says nothing of the kind.
    const plain = await createSession(request, { transactionType: "payment", settings: { language } });
    await page.goto(plain.pageUrl);
    await expect(page.getByRole("heading", { level: 1, name: messages.page.title })).toBeVisible();
    await expect(page.locator(".stored-credential")).toHaveCount(0);
  });
}

test("without JavaScript the language list has its button and still switches", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const session = await createSession(request, { transactionType: "payment" });
  await page.goto(session.pageUrl);
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: getCheckoutMessages("de").page.title }),
  ).toBeVisible();
  // The test band opens without script too (a native disclosure).
  await page.getByText(getCheckoutMessages("de").testBand.summary).click();
  await expect(page.getByRole("button", { name: /4200 0000 0000 0000/ })).toBeVisible();
  await context.close();
});

test("a plain payment: the button in view without scrolling, the order one line on a phone that opens whole", async ({
  page,
  request,
}) => {
  const session = await createSession(request, { transactionType: "payment", currency: "EUR" });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(session.pageUrl);
    const pay = page.locator(".payment-form__submit");
    await expect(pay).toBeInViewport({ ratio: 1 });
    const fold = page.locator(".order-summary__fold");
    const description = page.locator(".order-summary__description");
    if (viewport.width >= 900) {
      // Beside the form the order is open and has no line to open it.
      await expect(fold).toBeHidden();
      await expect(description).toBeVisible();
      await expect(page.locator(".order-summary__amount")).toBeVisible();
    } else {
      await expect(fold).toHaveText(/^€[\d,.]+\s·\sDetails$/);
      await expect(description).toBeHidden();
      await fold.click();
      await expect(description).toBeVisible();
      await expect(page.locator(".order-summary__amount")).toBeVisible();
      await expect(page.locator(".order-summary__fold-more")).toHaveText("Details");
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    }
  }
});

test("the detected brand's mark stands out among the accepted ones", async ({ page, request }) => {
  const session = await createSession(request, { transactionType: "payment" });
  await page.goto(session.pageUrl);
  const opacity = (brand: string) =>
    page
      .locator(`.brand-marks .brand-mark[data-brand="${brand}"]`)
      .evaluate((mark) => Number(getComputedStyle(mark).opacity));
  // Nothing typed: every accepted mark whole.
  expect(await opacity("visa")).toBe(1);
  expect(await opacity("master")).toBe(1);
  await page.getByLabel("Card number").fill("5555555555554444");
  await expect.poll(() => opacity("master")).toBe(1);
  await expect.poll(() => opacity("visa")).toBeLessThan(0.5);
  await page.getByLabel("Card number").fill("");
  await expect.poll(() => opacity("visa")).toBe(1);
});

test("ja at 375 px: the card group's labels are whole words, never broken mid-word", async ({
  page,
  request,
}) => {
  const session = await createSession(request, { transactionType: "payment", settings: { language: "ja" } });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(session.pageUrl);
  const code = page.locator(".card-group label", { hasText: "セキュリティコード" });
  await expect(code).toBeVisible();
  // One line box per label: "セキュリティコー/ド" would be two.
  const lines = await page.locator(".card-group label").evaluateAll((labels) =>
    labels.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  );
  expect(
    lines.every((count) => count === 1),
    JSON.stringify(lines),
  ).toBe(true);
  const style = await page.locator(".checkout").evaluate((main) => getComputedStyle(main).wordBreak);
  expect(style).toBe("auto-phrase");
});
