import { describe, expect, it } from "vitest";
import type { IssuerPageContext } from "../issuer-flow";
import { renderIssuerPage } from "./render-issuer-page";

const context = (language: string): IssuerPageContext => ({
  uid: "3f1c2a9e-0000-4000-8000-000000000001",
  language,
  merchantName: "Harbour Tours (3-D Secure)",
  merchantColor: null,
  amount: 1234,
  currency: "USD",
  brand: "visa",
  last4: "1097",
  test: true,
  returnUrl: null,
  frameAncestors: [],
  threeDSecure: false,
  cardCheck: false,
});
const paths = { challenge: "/gateway/process/x", method: "/gateway/process/x/method" };

describe("the issuer's pages right to left", () => {
  it.each(["ar", "he", "fa"])(
    "%s: every Latin or digit run of a translated text is isolated, the merchant's name in its own direction",
    (language) => {
      const { html } = renderIssuerPage(
        { kind: "result", status: "successful", context: context(language) },
        "nonce",
        paths,
      );
      // The line naming the issuer, and the text saying no 3-D Secure took place.
      expect(html).toMatch(/<p class="issuer"><bdi dir="ltr">3-D Secure<\/bdi> · /);
      expect(html.match(/<bdi dir="ltr">3-D Secure<\/bdi>/g)?.length).toBeGreaterThanOrEqual(2);
      expect(html).toContain("<bdi>Harbour Tours (3-D Secure)</bdi>");
      // In the body, never a bare "3-D Secure" (the title is plain text: no markup can isolate it there).
      const body = html.slice(html.indexOf("<body>")).replace("<bdi>Harbour Tours (3-D Secure)</bdi>", "");
      expect(body).not.toMatch(/[^>]3-D Secure/);
    },
  );

  it("ar: the test code is isolated on the challenge page", () => {
    const { html } = renderIssuerPage(
      {
        kind: "challenge",
        context: context("ar"),
        testCode: "123456",
        attemptsLeft: 3,
        error: "wrong_code",
      },
      "nonce",
      paths,
    );
    expect(html).toContain('<strong><bdi dir="ltr">123456</bdi></strong>');
    expect(html).toMatch(/<p id="code-error" class="error">[^<]*<bdi dir="ltr">3<\/bdi>/);
    expect(html).toMatch(/<p id="code-hint" class="hint">[^<]*<bdi dir="ltr">6<\/bdi>/);
  });

  it("en: the texts as they are", () => {
    const { html } = renderIssuerPage(
      { kind: "result", status: "successful", context: context("en") },
      "nonce",
      paths,
    );
    expect(html).toContain('<p class="issuer">3-D Secure · ');
    expect(html).toContain("No 3-D Secure verification was needed.");
  });
});

describe("a card check's issuer pages (a tokenization: nothing is charged)", () => {
  const challenge = (ctx: IssuerPageContext) =>
    renderIssuerPage(
      { kind: "challenge", context: ctx, testCode: null, attemptsLeft: 3, error: null },
      "nonce",
      paths,
    ).html;

  it("word it as a card check and show no amount, on the challenge and the result", () => {
    const check = { ...context("en"), cardCheck: true };
    const html = challenge(check);
    expect(html).toContain("Your bank asks you to confirm this card check. Nothing is charged.");
    expect(html).not.toContain("confirm this payment");
    expect(html).not.toContain("$12.34");
    expect(html).not.toContain("<dt>Amount</dt>");
    const result = renderIssuerPage({ kind: "result", status: "successful", context: check }, "nonce", paths);
    expect(result.html).not.toContain("$12.34");
  });

  it("a payment's page still shows its amount and asks to confirm the payment", () => {
    const html = challenge(context("en"));
    expect(html).toContain("Your bank asks you to confirm this payment.");
    expect(html).toContain("<dt>Amount</dt>");
    expect(html).toContain("$12.34");
  });

  it.each(["ar", "de", "ja"])("%s: the card check's own intro, no amount", (language) => {
    const html = challenge({ ...context(language), cardCheck: true });
    expect(html).not.toContain("12.34");
    expect(html).not.toContain("12,34");
    expect(html).toMatch(/<p>[^<]+/);
  });
});
