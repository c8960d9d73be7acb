import AxeBuilder from "@axe-core/playwright";
import type { ConsoleMessage, Locator, Page } from "@playwright/test";
import { en } from "../lib/checkout/messages/en";
import { getCheckoutMessages } from "../lib/checkout/messages/index";
import { LANGUAGES, type Language, languageDirection } from "../lib/contracts/languages";
import { RECEIPT_MESSAGES } from "../lib/gateway/receipts/receipt-messages";
import { ISSUER_MESSAGES } from "../lib/gateway/three-d-secure/pages/issuer-messages";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  expect,
  futureExpiry,
  test,
  uniqueAmount,
} from "./checkout-fixtures";

const EVERY_CUSTOMER_FIELD = [
  "email",
  "first_name",
  "last_name",
  "address",
  "city",
  "country",
  "state",
  "zip",
  "phone",
  "birth_date",
];

/**
 * Pieces of the English catalogue long enough to be distinctive: every text around its placeholders, of 12
 * characters or more ("Cancel and return to ", "Enter the card number"). None may be on a page in another language.
 */
function englishFragments(): string[] {
  const texts: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === "string") texts.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  const { language: _language, direction: _direction, ...messages } = en;
  visit(messages);
  const fragments = texts.flatMap((text) => text.split(/\{\w+\}/)).map((piece) => piece.trim());
  return [...new Set(fragments.filter((piece) => piece.length >= 12))];
}

const ENGLISH = englishFragments();

/** Console errors and uncaught exceptions of a page (a blocked inline style is a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  // After a client-side navigation the title is set a moment after the body; axe must see the settled page.
  await expect(page).not.toHaveTitle("");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
  ).toEqual([]);
}

async function expectNoEnglish(page: Page): Promise<void> {
  const text = `${await page.title()}\n${await page.locator("body").innerText()}`;
  expect(ENGLISH.filter((fragment) => text.includes(fragment))).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectDocumentLanguage(page: Page, language: Language): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.locator("html")).toHaveAttribute("dir", languageDirection(language));
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user walks to it. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((node) => node === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function fillCardIn(page: Page, language: Language, number: string): Promise<void> {
  const { fields } = getCheckoutMessages(language);
  await page.getByLabel(fields.number.label, { exact: true }).fill(number);
  await page.getByLabel(fields.expiry.label, { exact: true }).fill(futureExpiry());
  await page.getByLabel(fields.verification_value.label, { exact: true }).fill("123");
}

/** The form's button: a payment's "Pay {amount}", or a card check's (the default session) "Save card". */
function payButton(page: Page, language: Language): Locator {
  const { actions } = getCheckoutMessages(language);
  // "Pay {amount}", "{amount} bezahlen": the words around the amount, at the start or the end of the name.
  const [before, after] = actions.payButton.split("{amount}").map((part) => part.trim());
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pay = before ? `^${literal(before)} ` : ` ${literal(after)}$`;
  return page.getByRole("button", { name: new RegExp(`${pay}|^${literal(actions.saveCard)}$`) });
}

/** The issuer's challenge in `language`: its test-mode code typed in and confirmed. */
async function passChallenge(page: Page, language: Language): Promise<void> {
  const issuer = ISSUER_MESSAGES[language];
  await page.waitForURL(/\/gateway\/process\//);
  await expectDocumentLanguage(page, language);
  await expect(page.getByRole("heading", { name: issuer.heading })).toBeVisible();
  const code = (await page.locator("#test-code strong").textContent()) ?? "";
  await page.getByLabel(issuer.codeLabel).fill(code);
  await page.getByRole("button", { name: issuer.submit }).click();
}

/**
 * One language of each script and direction (and German's long words): where axe runs, and where the receipt's whole
 * path is taken. The page's structure and colours are the same in every language, so what axe could find differs by
 * script, not by language; every language's receipt texts are checked without a browser
 * (lib/checkout/receipt-details.test.ts, lib/gateway/receipts/render-receipt.test.ts). Running axe and a
 * payment in all 40 was the largest part of the end-to-end run.
 */
const ONE_PER_SCRIPT: readonly Language[] = [
  "en",
  "de",
  "ru",
  "el",
  "ar",
  "he",
  "fa",
  "zh",
  "ja",
  "ko",
  "ka",
  "hy",
  "th",
];

test.describe("the payment page in every language, at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const language of LANGUAGES) {
    test(`${language}: lang and dir, no English, no horizontal scroll${ONE_PER_SCRIPT.includes(language) ? ", no axe violation" : ""}`, async ({
      page,
      request,
    }) => {
      const errors = collectErrors(page);
      const messages = getCheckoutMessages(language);
      const session = await createSession(request, {
        settings: { language, customer_fields: { visible: EVERY_CUSTOMER_FIELD, read_only: [] } },
      });
      await page.goto(session.redirectUrl);
      await expectDocumentLanguage(page, language);
      await expect(page.getByRole("heading", { level: 1, name: messages.page.title })).toBeVisible();
      if (language !== "en") await expectNoEnglish(page);
      await expectNoHorizontalScroll(page);
      // The dark theme too (axe runs on it for en, ar and ja below).
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoHorizontalScroll(page);
      await page.emulateMedia({ colorScheme: "light" });

      // Every required field empty: the error summary and each field's message, in the same language. axe runs on
      // this state only: it holds every element of the fresh page and the errors besides.
      await payButton(page, language).click();
      await expect(page.getByRole("heading", { name: messages.errors.summaryTitle })).toBeVisible();
      await expect(page.getByText(messages.fields.number.required).first()).toBeVisible();
      if (language !== "en") await expectNoEnglish(page);
      await expectNoHorizontalScroll(page);
      if (ONE_PER_SCRIPT.includes(language)) await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("a paid session's result page and its receipt page in one language of each script, at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const language of ONE_PER_SCRIPT) {
    test(`${language}: the receipt's details and the receipt page fit, light and dark, no axe violation`, async ({
      page,
      request,
    }) => {
      const errors = collectErrors(page);
      const messages = getCheckoutMessages(language);
      const session = await createSession(request, {
        transactionType: "payment",
        settings: { language },
        customer: { email: `receipt-${language}@example.com` },
      });
      const [expiryMonth, expiryYear] = futureExpiry().split("/");
      const paid = await request.post("/gateway/transactions/tokenizations", {
        headers: { authorization: `Bearer ${session.token}` },
        data: {
          request: {
            language,
            credit_card: {
              number: "4200000000000000",
              verification_value: "123",
              exp_month: expiryMonth,
              exp_year: `20${expiryYear}`,
            },
          },
        },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      await page.goto(`${session.pageUrl}/result`);
      await expectDocumentLanguage(page, language);
      const details = page.locator(".receipt-details");
      await expect(details.getByRole("link", { name: messages.receipt.view })).toBeVisible();
      // The receipt e-mail is queued (the demo shop sends them) or already kept: "on its way" only while queued.
      await expect(details.locator("dt").first()).toHaveText(messages.receipt.date);
      if (language !== "en") await expectNoEnglish(page);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      }

      // The receipt page the link opens: the gateway pages' shell, a margin from the screen's edges.
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(
        (await details.getByRole("link", { name: messages.receipt.view }).getAttribute("href")) ?? "",
      );
      await expectDocumentLanguage(page, language);
      await expect(
        page.getByRole("heading", { level: 1, name: RECEIPT_MESSAGES[language].paymentTitle }),
      ).toBeVisible();
      const card = await page.locator("main").boundingBox();
      expect(card?.x ?? 0).toBeGreaterThanOrEqual(8);
      expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(320 - 8);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe("the dark theme", () => {
  test.use({ colorScheme: "dark", viewport: { width: 320, height: 640 } });

  for (const language of ["en", "ar", "ja"] as const) {
    test(`${language}: the payment page and the issuer's page are dark, with no axe violation`, async ({
      page,
      request,
    }) => {
      const errors = collectErrors(page);
      const session = await createSession(request, {
        shop: DEMO_SHOP_2,
        settings: { language, customer_fields: { visible: ["email", "country"], read_only: [] } },
      });
      await page.goto(session.redirectUrl);
      await expectDocumentLanguage(page, language);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe("rgb(17, 19, 24)");
      if (language !== "en") await expectNoEnglish(page);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      await fillCardIn(page, language, "4012000000001097");
      await payButton(page, language).click();
      await page.waitForURL(/\/gateway\/process\//);
      await expect(page.getByRole("heading", { name: ISSUER_MESSAGES[language].heading })).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        "rgb(17, 19, 24)",
      );
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("a whole purchase in the shopper's language", () => {
  test("ar: 3-D Secure, the issuer's page and the result right to left", async ({ page, request }) => {
    const errors = collectErrors(page);
    const ar = getCheckoutMessages("ar");
    const session = await createSession(request, { shop: DEMO_SHOP_2, settings: { language: "ar" } });
    await page.goto(session.redirectUrl);
    await expectDocumentLanguage(page, "ar");
    // Card data reads left to right inside the right-to-left page.
    await expect(page.getByLabel(ar.fields.number.label, { exact: true })).toHaveAttribute("dir", "ltr");
    await fillCardIn(page, "ar", "4012000000001097");
    await payButton(page, "ar").click();
    await passChallenge(page, "ar");

    await page.waitForURL(/\/checkout\/[^/]+\/result$/);
    await expectDocumentLanguage(page, "ar");
    await expect(page.getByRole("heading", { name: ar.status.cardSavedTitle })).toBeVisible();
    // As on the payment page: the card's brand and digits isolated in the right-to-left text, the trust line.
    const cardUsed = page.locator(".status-panel__detail");
    await expect(cardUsed.locator('bdi[dir="ltr"]', { hasText: "1097" })).toHaveCount(1);
    await expect(cardUsed.locator('bdi[dir="ltr"]', { hasText: "Visa" })).toHaveCount(1);
    await expect(page.locator(".trust-line")).toHaveText(ar.trust.securedBy);
    await expect(page.locator(".trust-line bdi", { hasText: "Tessera" })).toHaveCount(1);
    // A test session says so on its result too.
    await expect(page.locator(".test-badge")).toHaveText(ar.testMode.banner);
    await expectNoEnglish(page);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test("de chosen with the switcher: kept through 3-D Secure to the result", async ({ page, request }) => {
    const errors = collectErrors(page);
    const de = getCheckoutMessages("de");
    const session = await createSession(request, { shop: DEMO_SHOP_2, settings: { language: "en" } });
    await page.goto(session.redirectUrl);
    await expectDocumentLanguage(page, "en");
    const switcher = page.getByLabel(en.switcher.label);
    await expect(switcher.locator('option[value="de"]')).toHaveAttribute("lang", "de");
    await expect(switcher.locator('option[value="de"]')).toHaveText("Deutsch");
    // One control: choosing switches at once (the button is there only without JavaScript).
    await expect(page.getByRole("button", { name: en.switcher.apply })).toHaveCount(0);
    await switcher.selectOption("de");

    await expectDocumentLanguage(page, "de");
    await expect(page.getByRole("heading", { level: 1, name: de.page.title })).toBeVisible();
    await expect(page.getByLabel(de.switcher.label)).toHaveValue("de");
    await expectNoEnglish(page);
    // A reload keeps the choice.
    await page.reload();
    await expectDocumentLanguage(page, "de");

    await fillCardIn(page, "de", "4012000000001097");
    await payButton(page, "de").click();
    await passChallenge(page, "de");
    await page.waitForURL(/\/checkout\/[^/]+\/result$/);
    await expectDocumentLanguage(page, "de");
    await expect(page.getByRole("heading", { name: de.status.cardSavedTitle })).toBeVisible();
    await expect(page).toHaveTitle(de.page.documentTitle.replace("{shop}", "Demo Shop (3-D Secure)"));
    await expectNoEnglish(page);
    expect(errors).toEqual([]);
  });

  test("he: a keyboard-only purchase", async ({ page, request }) => {
    const errors = collectErrors(page);
    const he = getCheckoutMessages("he");
    const session = await createSession(request, { settings: { language: "he" } });
    await page.goto(session.redirectUrl);
    await expectDocumentLanguage(page, "he");

    await tabTo(page, page.getByLabel(he.fields.number.label, { exact: true }));
    await page.keyboard.type("4200000000000000");
    await tabTo(page, page.getByLabel(he.fields.expiry.label, { exact: true }), 5);
    await page.keyboard.type(futureExpiry().replace("/", ""));
    await tabTo(page, page.getByLabel(he.fields.verification_value.label, { exact: true }), 5);
    await page.keyboard.type("123");
    await tabTo(page, payButton(page, "he"), 10);
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/checkout\/[^/]+\/result$/);
    await expectDocumentLanguage(page, "he");
    await expect(page.getByRole("heading", { name: he.status.cardSavedTitle })).toBeVisible();
    await expect(page).toHaveTitle(he.page.documentTitle.replace("{shop}", "Demo Shop"));
    await expectNoEnglish(page);
    expect(errors).toEqual([]);
  });
});

test("fa: a canceled payment's page, right to left", async ({ page, request }) => {
  const errors = collectErrors(page);
  const fa = getCheckoutMessages("fa");
  const session = await createSession(request, { settings: { language: "fa" } });
  await page.goto(session.redirectUrl);
  await page.getByRole("button", { name: fa.actions.cancel.replace("{shop}", "Demo Shop") }).click();
  // The question in Persian, the shop's name whole in it; then the confirmation.
  await expect(page.locator(".cancel-form__confirm legend bdi:not([dir])")).toHaveText("Demo Shop");
  await page.getByRole("button", { name: fa.actions.cancelConfirm, exact: true }).click();
  await page.waitForURL(/\/checkout\/[^/]+\/result$/);
  await expectDocumentLanguage(page, "fa");
  await expect(page.getByRole("heading", { name: fa.status.canceledTitle })).toBeVisible();
  await expect(page.getByText(fa.status.closeWindow)).toBeVisible();
  await expect(page.locator(".trust-line")).toHaveText(fa.trust.securedBy);
  await expect(page).toHaveTitle(fa.page.documentTitle.replace("{shop}", "Demo Shop"));
  await expectNoEnglish(page);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("ar: the receipt, right to left, light and dark, with no axe violation", async ({ page, request }) => {
  const errors = collectErrors(page);
  const [expiryMonth, expiryYear] = futureExpiry().split("/");
  const response = await request.post("/gateway/transactions/payments", {
    headers: { authorization: basicAuth(DEMO_SHOP_1) },
    data: {
      request: {
        amount: uniqueAmount(),
        currency: "USD",
        description: "Two tickets to the harbour tour",
        tracking_id: "e2e-receipt",
        language: "ar",
        test: true,
        credit_card: {
          number: "4200000000000000",
          verification_value: "123",
          exp_month: expiryMonth,
          exp_year: `20${expiryYear}`,
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { transaction } = await response.json();
  expect(transaction.status).toBe("successful");

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(transaction.receipt_url);
  const ar = RECEIPT_MESSAGES.ar;
  await expectDocumentLanguage(page, "ar");
  await expect(page.getByRole("heading", { name: ar.paymentTitle })).toBeVisible();
  await expect(page.getByText(transaction.uid)).toHaveAttribute("dir", "ltr");
  const english = Object.values(RECEIPT_MESSAGES.en).filter((text) => text.length >= 12);
  const text = `${await page.title()}\n${await page.locator("body").innerText()}`;
  expect(english.filter((fragment) => text.includes(fragment))).toEqual([]);
  await expectNoHorizontalScroll(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe("rgb(238, 240, 243)");
  await expectNoAxeViolations(page);

  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background()).toBe("rgb(17, 19, 24)");
  await expectNoAxeViolations(page);
  // The page's one style block runs under its nonce: a blocked style would be a console error.
  expect(errors).toEqual([]);
});

test.describe("an unknown payment link", () => {
  test.use({ locale: "fr-FR" });

  test("speaks the browser's language", async ({ page }) => {
    const errors = collectErrors(page);
    const fr = getCheckoutMessages("fr");
    await page.goto(`/checkout/${"a".repeat(64)}`);
    await expectDocumentLanguage(page, "fr");
    await expect(page.getByRole("heading", { name: fr.status.notFoundTitle })).toBeVisible();
    await expectNoEnglish(page);
    // A not-found page answers 404, which the browser reports as a failed load, not a page error.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
  });
});
