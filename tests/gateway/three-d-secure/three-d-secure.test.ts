import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeDSecureChallenges } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { VERIFYING_LEASE_SECONDS } from "@/lib/gateway/three-d-secure/challenge-claims";
import { startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "../harness";
import {
  cardExists,
  openPage,
  queryTransaction,
  shownCode,
  storedRows,
  submitForm,
  tokenize,
} from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

const BASE64_20_BYTES = /^[A-Za-z0-9+/]{27}=$/;
const HEX_64 = /^[0-9a-f]{64}$/;
const TTL_MS = 1800 * 1000;

let clock: ManualClock;
let gateway: TestGateway;
let shop: TestShop;
let returnServer: WebhookReceiver;
let returnUrl: string;
let seed = 300_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  [gateway, returnServer] = await Promise.all([startTestGateway({ clock }), startWebhookReceiver()]);
  returnServer.answer = () => ({ status: 200, body: "<p>Thank you</p>", contentType: "text/html" });
  returnUrl = `${returnServer.origin}/orders/42/return?lang=de&ref=a%20b`;
  shop = await gateway.createShop({ three_d_secure: true }, "Sandbox Merchant");
});

afterAll(async () => {
  await Promise.all([gateway?.close(), returnServer?.close()]);
});

/** Tokenizes on the 3-D Secure shop with the standard return_url. */
function tokenize3ds(
  number: string,
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
) {
  return tokenize(gateway, shop, number, { return_url: returnUrl, ...overrides }, card);
}

function nextVisa(): string {
  seed += 1;
  return uniqueVisaNumber(seed);
}

/** Location split into the URL without the query and the query as an object. */
function redirectTarget(location: string | null) {
  expect(location).not.toBeNull();
  const url = new URL(location as string);
  return { base: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) };
}

const ALL_NULL_VERIFICATION = {
  status: null,
  message: null,
  ve_status: null,
  pa_status: null,
  eci: null,
  xid: null,
  cavv: null,
  cavv_algorithm: null,
  fail_reason: null,
  acs_url: null,
  pa_res_url: null,
  method_process_url: null,
};

describe("the sandbox issuer's cards, answered at tokenization", () => {
  it.each([
    ["4200000000000000", "successful", "Successfully processed"],
    ["4005550000000019", "failed", "Card declined"],
  ])("%s is not enrolled: %s without 3-D Secure", async (number, status, message) => {
    const transaction = await tokenize3ds(number);
    expect(transaction).toMatchObject({ status, message, tokenization: { status, message } });
    expect(transaction.three_d_secure_verification).toEqual(ALL_NULL_VERIFICATION);
    expect(transaction.credit_card.token === null).toBe(status === "failed");
  });

  it.each([
    ["4012000000001006", "Y", "05", "2"],
    ["4012000000001055", "A", "06", "2"],
    ["5204240000015003", "Y", "02", "3"],
    ["5204240000015011", "A", "01", "3"],
  ])("%s passes without a challenge (pa_status %s, ECI %s)", async (number, paStatus, eci, cavvAlgorithm) => {
    const transaction = await tokenize3ds(number);
    expect(transaction).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      tokenization: { status: "successful", message: "Successfully processed" },
      smart_routing_verification: { status: "skipped" },
    });
    expect(transaction.credit_card.token).toMatch(HEX_64);
    expect(await cardExists(gateway, transaction.credit_card.token)).toBe(true);
    const verification = transaction.three_d_secure_verification;
    expect(verification).toEqual({
      status: "successful",
      message: paStatus === "Y" ? "Authentication successful" : "Authentication attempted",
      ve_status: "Y",
      pa_status: paStatus,
      eci,
      xid: expect.stringMatching(BASE64_20_BYTES),
      cavv: expect.stringMatching(BASE64_20_BYTES),
      cavv_algorithm: cavvAlgorithm,
      fail_reason: null,
      acs_url: null,
      pa_res_url: null,
      method_process_url: null,
    });
    expect((await storedRows(gateway, transaction.uid)).challenge).toBeUndefined();
  });

  it.each([
    [
      "4012000000001022",
      "U",
      "07",
      "Authentication unavailable",
      "The issuer could not authenticate the cardholder",
    ],
    ["4012000000001030", "R", "07", "Authentication rejected", "The issuer rejected the authentication"],
    ["4012000000001014", "N", "07", "Authentication failed", "The cardholder was not authenticated"],
    [
      "5204240000015045",
      "U",
      "00",
      "Authentication unavailable",
      "The issuer could not authenticate the cardholder",
    ],
    ["5204240000015052", "R", "00", "Authentication rejected", "The issuer rejected the authentication"],
    ["5204240000015060", "N", "00", "Authentication failed", "The cardholder was not authenticated"],
  ])(
    "%s fails 3-D Secure at once (pa_status %s, ECI %s)",
    async (number, paStatus, eci, message, failReason) => {
      const transaction = await tokenize3ds(number, { notification_url: "https://merchant.example/notify" });
      const expectedMessage = `3-D Secure verification failed: ${failReason.charAt(0).toLowerCase()}${failReason.slice(1)}`;
      expect(transaction).toMatchObject({
        status: "failed",
        message: expectedMessage,
        tokenization: { status: "failed", message: expectedMessage },
      });
      expect(transaction.credit_card.token).toBeNull();
      expect(transaction.three_d_secure_verification).toEqual({
        status: "failed",
        message,
        ve_status: "Y",
        pa_status: paStatus,
        eci,
        xid: expect.stringMatching(BASE64_20_BYTES),
        cavv: null,
        cavv_algorithm: null,
        fail_reason: failReason,
        acs_url: null,
        pa_res_url: null,
        method_process_url: null,
      });
      const stored = await storedRows(gateway, transaction.uid);
      expect(stored.transaction.cardToken).toBeNull();
      expect(stored.deliveries).toHaveLength(1);
    },
  );

  it.each([["4012000000001097"], ["5204240000015029"], ["any other card", () => nextVisa()]])(
    "%s needs a challenge: incomplete, the card stored but its token withheld",
    async (label, number?: () => string) => {
      const transaction = await tokenize3ds(number ? number() : label, {
        notification_url: "https://merchant.example/notify",
      });
      expect(transaction).toMatchObject({
        status: "incomplete",
        message: null,
        tokenization: { status: null, message: null, gateway_id: 1 },
        redirect_url: `http://localhost:3999/gateway/process/${transaction.uid}`,
      });
      expect(transaction.credit_card.token).toBeNull();
      expect(transaction.three_d_secure_verification).toEqual({
        ...ALL_NULL_VERIFICATION,
        ve_status: "Y",
        xid: expect.stringMatching(BASE64_20_BYTES),
        acs_url: transaction.redirect_url,
        pa_res_url: transaction.redirect_url,
      });
      const stored = await storedRows(gateway, transaction.uid);
      expect(stored.transaction.cardToken).toMatch(HEX_64);
      expect(await cardExists(gateway, stored.transaction.cardToken as string)).toBe(true);
      expect(stored.challenge).toMatchObject({
        stage: "challenge",
        scenario: "challenge",
        failedAttempts: 0,
        pendingOperation: {
          kind: "tokenization",
          verification: { status: "successful", message: "Successfully processed" },
        },
      });
      expect(stored.challenge.oneTimeCode).toMatch(/^\d{6}$/);
      expect(stored.challenge.expiresAt.getTime() - stored.transaction.createdAt.getTime()).toBe(TTL_MS);
      // Not final yet: the merchant is notified when the verification ends.
      expect(stored.deliveries).toHaveLength(0);
      // Nothing of the security code is kept, only the acquirer's decision.
      expect(JSON.stringify(stored.challenge)).not.toContain('"123"');
    },
  );
});

describe("the challenge over HTTP", () => {
  it("shows the challenge page with the code in test mode, under strict security headers", async () => {
    const transaction = await tokenize3ds("4012000000001097", { amount: 123_456, currency: "EUR" });
    const page = await openPage(gateway, transaction.uid);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
    expect(page.html).toContain('<html lang="en" dir="ltr">');
    expect(page.html).toContain("<h1>Confirm it&#39;s you</h1>");
    expect(page.html).toContain("Sandbox Merchant");
    // A tokenization is a card check: the issuer's page shows no amount to confirm.
    expect(page.html).not.toContain("1,234.56");
    expect(page.html).toMatch(/Visa <bdi dir="ltr"><span aria-hidden="true">••••<\/span> 1097<\/bdi>/);
    expect(page.html).not.toContain("4012000000001097");
    const { challenge } = await storedRows(gateway, transaction.uid);
    expect(shownCode(page.html)).toBe(challenge.oneTimeCode);
    expect(page.html).toContain(`<form method="post" action="/gateway/process/${transaction.uid}">`);
    expect(page.html).toContain('<label for="code">One-time code</label>');
    expect(page.html).toContain('aria-describedby="code-hint test-code"');

    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${returnServer.origin}`);
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("no-store");
    // A fresh nonce per response.
    const again = await openPage(gateway, transaction.uid);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("passes with the right code: 303 to return_url with uid and status, its own query kept; the token revealed", async () => {
    const transaction = await tokenize3ds("4012000000001097", {
      notification_url: "https://merchant.example/notify",
    });
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    clock.advance(5_000);
    const answer = await submitForm(gateway, transaction.uid, { code, action: "confirm" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(redirectTarget(answer.location)).toEqual({
      base: `${returnServer.origin}/orders/42/return`,
      query: { lang: "de", ref: "a b", uid: transaction.uid, status: "successful" },
    });
    // The shopper's browser follows it to the merchant.
    const followed = await fetch(answer.location as string);
    expect(followed.status).toBe(200);
    expect(returnServer.received.at(-1)?.path).toBe(
      `/orders/42/return?lang=de&ref=a+b&uid=${transaction.uid}&status=successful`,
    );

    const final = await queryTransaction(gateway, shop, transaction.uid);
    const stored = await storedRows(gateway, transaction.uid);
    expect(final).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      tokenization: { status: "successful", message: "Successfully processed" },
      credit_card: { token: stored.transaction.cardToken },
    });
    expect(final.credit_card.token).toMatch(HEX_64);
    expect(await cardExists(gateway, final.credit_card.token)).toBe(true);
    expect(Date.parse(final.updated_at) - Date.parse(final.created_at)).toBe(5_000);
    expect(final.three_d_secure_verification).toEqual({
      status: "successful",
      message: "Authentication successful",
      ve_status: "Y",
      pa_status: "Y",
      eci: "05",
      xid: transaction.three_d_secure_verification.xid,
      cavv: expect.stringMatching(BASE64_20_BYTES),
      cavv_algorithm: "2",
      fail_reason: null,
      acs_url: transaction.redirect_url,
      pa_res_url: transaction.redirect_url,
      method_process_url: null,
    });
    expect(stored.challenge).toMatchObject({ stage: "finished" });
    expect(stored.challenge.finishedAt).not.toBeNull();
    expect(stored.deliveries).toHaveLength(1);
    expect(stored.deliveries[0]).toMatchObject({ url: "https://merchant.example/notify", status: "pending" });
  });

  it("fails after three wrong codes, deleting the card; each wrong code says how many attempts are left", async () => {
    const transaction = await tokenize3ds(nextVisa(), {
      notification_url: "https://merchant.example/notify",
    });
    const { transaction: row } = await storedRows(gateway, transaction.uid);
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    const wrong = code === "000000" ? "000001" : "000000";

    const first = await submitForm(gateway, transaction.uid, { code: wrong, action: "confirm" });
    expect(first.status).toBe(422);
    expect(first.html).toContain(
      '<p id="code-error" class="error">This code is not correct. Attempts left: 2.</p>',
    );
    expect(first.html).toContain('aria-describedby="code-hint code-error test-code" aria-invalid="true"');
    const second = await submitForm(gateway, transaction.uid, { code: ` ${wrong} `, action: "confirm" });
    expect(second.html).toContain("Attempts left: 1.");
    const third = await submitForm(gateway, transaction.uid, { code: wrong, action: "confirm" });
    expect(third.status).toBe(303);
    expect(redirectTarget(third.location).query).toMatchObject({ uid: transaction.uid, status: "failed" });

    const final = await queryTransaction(gateway, shop, transaction.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: wrong one-time code entered 3 times",
      tokenization: { status: "failed" },
      credit_card: { token: null },
      three_d_secure_verification: {
        status: "failed",
        pa_status: "N",
        eci: "07",
        cavv: null,
        fail_reason: "Wrong one-time code entered 3 times",
      },
    });
    const stored = await storedRows(gateway, transaction.uid);
    expect(stored.transaction.cardToken).toBeNull();
    expect(await cardExists(gateway, row.cardToken as string)).toBe(false);
    expect(stored.challenge).toMatchObject({ stage: "finished", failedAttempts: 3 });
    expect(stored.deliveries).toHaveLength(1);
    // The right code is of no use any more.
    const late = await submitForm(gateway, transaction.uid, { code, action: "confirm" });
    expect(late.status).toBe(200);
    expect(late.html).toContain("<h1>Card not verified</h1>");
    expect((await queryTransaction(gateway, shop, transaction.uid)).status).toBe("failed");
  });

  it("does not count an empty code as an attempt", async () => {
    const transaction = await tokenize3ds(nextVisa());
    const blank = await submitForm(gateway, transaction.uid, { code: "  ", action: "confirm" });
    expect(blank.status).toBe(422);
    expect(blank.html).toContain('<p id="code-error" class="error">Enter the one-time code.</p>');
    const wrongType = await fetch(`${gateway.url}/process/${transaction.uid}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "123456" }),
    });
    expect(wrongType.status).toBe(422);
    expect((await storedRows(gateway, transaction.uid)).challenge.failedAttempts).toBe(0);
  });

  it("refuses an oversized form without a 500", async () => {
    const transaction = await tokenize3ds(nextVisa());
    const answer = await submitForm(gateway, transaction.uid, { code: "1".repeat(20_000) });
    expect(answer.status).toBe(413);
    expect((await storedRows(gateway, transaction.uid)).challenge.failedAttempts).toBe(0);
  });

  it("fails when the shopper cancels", async () => {
    const transaction = await tokenize3ds("5204240000015029");
    const answer = await submitForm(gateway, transaction.uid, { code: "", action: "cancel" });
    expect(answer.status).toBe(303);
    expect(redirectTarget(answer.location).query).toMatchObject({ uid: transaction.uid, status: "failed" });
    const final = await queryTransaction(gateway, shop, transaction.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: cancelled by the cardholder",
      three_d_secure_verification: {
        status: "failed",
        pa_status: "N",
        eci: "00",
        fail_reason: "Cancelled by the cardholder",
      },
    });
  });

  it("applies the acquirer's answer once 3-D Secure passes (security code 222 declines)", async () => {
    const transaction = await tokenize3ds("4012000000001097", {}, { verification_value: "222" });
    expect(transaction.status).toBe("incomplete");
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    const answer = await submitForm(gateway, transaction.uid, { code });
    expect(redirectTarget(answer.location).query.status).toBe("failed");
    const final = await queryTransaction(gateway, shop, transaction.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "Security code does not match",
      credit_card: { token: null },
      three_d_secure_verification: { status: "successful", pa_status: "Y" },
    });
    expect((await storedRows(gateway, transaction.uid)).transaction.cardToken).toBeNull();
  });

  it("does not show the code for a live transaction", async () => {
    const live = await gateway.createShop({ three_d_secure: true }, "Live Merchant", { test: false });
    const transaction = await tokenize(gateway, live, nextVisa(), { return_url: returnUrl });
    expect(transaction).toMatchObject({ status: "incomplete", test: false });
    const page = await openPage(gateway, transaction.uid);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<label for="code">');
    expect(page.html).not.toContain('id="test-code"');
  });
});

describe("the advanced scenario (3-D Secure 2 device data first)", () => {
  it("runs the device-data step, then the challenge", async () => {
    const transaction = await tokenize3ds("4012000000001097", { three_d_secure: { advanced: true } });
    const methodUrl = `${transaction.redirect_url}/method`;
    expect(transaction).toMatchObject({
      status: "incomplete",
      three_d_secure_verification: { method_process_url: methodUrl, acs_url: transaction.redirect_url },
    });
    expect((await storedRows(gateway, transaction.uid)).challenge.stage).toBe("method");

    for (const suffix of ["", "/method"]) {
      const page = await openPage(gateway, transaction.uid, suffix);
      expect(page.status).toBe(200);
      const nonce = /script-src 'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
      expect(page.html).toContain(
        `<form id="device-data" method="post" action="/gateway/process/${transaction.uid}/method">`,
      );
      expect(page.html).toContain(`<script nonce="${nonce}">`);
      expect(page.html).toMatch(
        /<noscript><div class="actions"><button type="submit">Continue<\/button><\/div><\/noscript>/,
      );
      expect(page.html).not.toContain('id="test-code"');
    }
    // The code form cannot skip the device-data step.
    const early = await submitForm(gateway, transaction.uid, { code: "123456" });
    expect(early.html).toContain('id="device-data"');

    const method = await submitForm(
      gateway,
      transaction.uid,
      { browser_language: "en-GB", browser_tz: "-60" },
      "/method",
    );
    expect(method.status).toBe(303);
    expect(method.location).toBe(`/gateway/process/${transaction.uid}`);
    expect((await storedRows(gateway, transaction.uid)).challenge.stage).toBe("challenge");
    const challenge = await openPage(gateway, transaction.uid);
    const answer = await submitForm(gateway, transaction.uid, { code: shownCode(challenge.html) });
    expect(redirectTarget(answer.location).query.status).toBe("successful");
    // Posting the device data again changes nothing.
    const repeated = await submitForm(gateway, transaction.uid, {}, "/method");
    expect(repeated.status).toBe(200);
    expect(repeated.html).toContain("<h1>Card verified</h1>");
    expect(
      (await queryTransaction(gateway, shop, transaction.uid)).three_d_secure_verification,
    ).toMatchObject({
      status: "successful",
      method_process_url: methodUrl,
    });
  });

  it.each([
    ["4012000000001006", "successful", { status: "successful", pa_status: "Y", eci: "05" }],
    ["5204240000015011", "successful", { status: "successful", pa_status: "A", eci: "01" }],
    ["4012000000001014", "failed", { status: "failed", pa_status: "N", eci: "07" }],
  ])("%s finishes right after the device data (%s)", async (number, status, verification) => {
    const transaction = await tokenize3ds(number, { three_d_secure: { advanced: true } });
    expect(transaction.status).toBe("incomplete");
    expect(transaction.three_d_secure_verification).toMatchObject({
      acs_url: null,
      method_process_url: `${transaction.redirect_url}/method`,
    });
    const method = await submitForm(gateway, transaction.uid, {}, "/method");
    expect(method.status).toBe(303);
    expect(redirectTarget(method.location).query).toMatchObject({ uid: transaction.uid, status });
    const final = await queryTransaction(gateway, shop, transaction.uid);
    expect(final.status).toBe(status);
    expect(final.three_d_secure_verification).toMatchObject(verification);
  });

  it("tokenizes a card that is not enrolled without the device-data step", async () => {
    const transaction = await tokenize3ds("4200000000000000", { three_d_secure: { advanced: true } });
    expect(transaction.status).toBe("successful");
    expect(transaction.three_d_secure_verification).toEqual(ALL_NULL_VERIFICATION);
  });
});

describe("a finished verification never changes again", () => {
  it("answers a second completion with the result page and no second effect", async () => {
    const transaction = await tokenize3ds(nextVisa(), {
      notification_url: "https://merchant.example/notify",
    });
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    expect((await submitForm(gateway, transaction.uid, { code })).status).toBe(303);
    const finished = await queryTransaction(gateway, shop, transaction.uid);
    clock.advance(1_000);

    const repeats: Record<string, string>[] = [{ code }, { action: "cancel" }, { code: "000000" }];
    for (const fields of repeats) {
      const again = await submitForm(gateway, transaction.uid, fields);
      expect(again.status).toBe(200);
      expect(again.html).toContain("<h1>Card verified</h1>");
    }
    expect(await queryTransaction(gateway, shop, transaction.uid)).toEqual(finished);
    expect((await storedRows(gateway, transaction.uid)).deliveries).toHaveLength(1);
  });

  it("lets only one of two concurrent completions through", async () => {
    const transaction = await tokenize3ds(nextVisa(), {
      notification_url: "https://merchant.example/notify",
    });
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    const answers = await Promise.all([
      submitForm(gateway, transaction.uid, { code }),
      submitForm(gateway, transaction.uid, { code }),
      submitForm(gateway, transaction.uid, { action: "cancel" }),
    ]);
    const redirects = answers.filter((answer) => answer.status === 303);
    expect(redirects).toHaveLength(1);
    const status = redirectTarget(redirects[0].location).query.status;
    expect((await queryTransaction(gateway, shop, transaction.uid)).status).toBe(status);
    expect((await storedRows(gateway, transaction.uid)).deliveries).toHaveLength(1);
  });

  it("shows the result on the page of a finished transaction, with the way back to the merchant", async () => {
    const transaction = await tokenize3ds("4012000000001022");
    const page = await openPage(gateway, transaction.uid);
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1>Card not verified</h1>");
    const link = /<a class="button" href="([^"]+)">Return to the shop<\/a>/.exec(page.html)?.[1];
    expect(redirectTarget(link?.replaceAll("&amp;", "&") ?? null).query).toEqual({
      lang: "de",
      ref: "a b",
      uid: transaction.uid,
      status: "failed",
    });
    // Not enrolled: accepted without 3-D Secure, and the page says so rather than "verified".
    const plain = await tokenize3ds("4200000000000000");
    const plainPage = (await openPage(gateway, plain.uid)).html;
    expect(plainPage).toContain("<h1>Card accepted</h1>");
    expect(plainPage).toContain("No 3-D Secure verification was needed.");
    expect(plainPage).not.toContain("verified");
  });

  it("answers an unknown or malformed uid with a 404 page", async () => {
    for (const uid of ["00000000-0000-4000-8000-000000000000", "not-a-uid", "%3Cscript%3E"]) {
      const page = await openPage(gateway, uid);
      expect(page.status).toBe(404);
      expect(page.html).toContain("<h1>Page not found</h1>");
      expect(page.html).not.toContain("<script");
      expect((await submitForm(gateway, uid, { code: "123456" })).status).toBe(404);
    }
  });

  it("says so in the browser's language, having no transaction to take it from", async () => {
    const response = await fetch(`${gateway.url}/process/00000000-0000-4000-8000-000000000000`, {
      headers: { "accept-language": "he-IL,he;q=0.9,en;q=0.5" },
    });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain("<h1>הדף לא נמצא</h1>");
  });
});

describe("expiry", () => {
  it("the sweep fails challenges left past THREE_D_SECURE_TTL_SECONDS, and only those", async () => {
    const expiring = await tokenize3ds(nextVisa(), { notification_url: "https://merchant.example/notify" });
    const { transaction: row } = await storedRows(gateway, expiring.uid);
    clock.advance(TTL_MS - 1_000);
    const fresh = await tokenize3ds(nextVisa());
    // (Challenges left by earlier tests may end here; this one is a second short of its expiry.)
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    expect((await queryTransaction(gateway, shop, expiring.uid)).status).toBe("incomplete");

    clock.advance(1_000);
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBeGreaterThanOrEqual(1);
    const final = await queryTransaction(gateway, shop, expiring.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: the verification was not completed in time",
      three_d_secure_verification: {
        status: "failed",
        pa_status: "U",
        fail_reason: "The verification was not completed in time",
      },
    });
    const stored = await storedRows(gateway, expiring.uid);
    expect(stored.challenge.stage).toBe("finished");
    expect(stored.deliveries).toHaveLength(1);
    expect(await cardExists(gateway, row.cardToken as string)).toBe(false);
    expect((await queryTransaction(gateway, shop, fresh.uid)).status).toBe("incomplete");
    // A second sweep finds nothing more to do.
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBe(0);
    expect((await storedRows(gateway, expiring.uid)).deliveries).toHaveLength(1);
  });

  it("ends an expired challenge when its page is opened, before any sweep", async () => {
    const transaction = await tokenize3ds(nextVisa());
    clock.advance(TTL_MS);
    const page = await openPage(gateway, transaction.uid);
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1>Card not verified</h1>");
    expect((await queryTransaction(gateway, shop, transaction.uid)).status).toBe("failed");
  });

  it("refuses the right code once expired", async () => {
    const transaction = await tokenize3ds(nextVisa());
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    clock.advance(TTL_MS + 1);
    const answer = await submitForm(gateway, transaction.uid, { code });
    expect(answer.status).toBe(303);
    expect(redirectTarget(answer.location).query.status).toBe("failed");
    expect(
      (await queryTransaction(gateway, shop, transaction.uid)).three_d_secure_verification.fail_reason,
    ).toBe("The verification was not completed in time");
  });
});

describe("the skip and force flags", () => {
  let cleared: TestShop;
  let clearedWithout3ds: TestShop;

  beforeAll(async () => {
    [cleared, clearedWithout3ds] = await Promise.all([
      gateway.createShop({
        three_d_secure: true,
        skip_three_d_secure_allowed: true,
        force_three_d_secure_allowed: true,
      }),
      gateway.createShop({ force_three_d_secure_allowed: true }),
    ]);
  });

  it("skip: a 3-D Secure shop tokenizes at once", async () => {
    const transaction = await tokenize(gateway, cleared, "4012000000001097", {
      return_url: returnUrl,
      skip_three_d_secure_verification: true,
    });
    expect(transaction.status).toBe("successful");
    expect(transaction.three_d_secure_verification).toEqual(ALL_NULL_VERIFICATION);
  });

  it("force wins over skip", async () => {
    const transaction = await tokenize(gateway, cleared, "4012000000001097", {
      return_url: returnUrl,
      skip_three_d_secure_verification: true,
      force_three_d_secure_verification: true,
    });
    expect(transaction.status).toBe("incomplete");
  });

  it("force on a shop without 3-D Secure: no return_url needed, the page shows the result at the end", async () => {
    const plainCard = await tokenize(gateway, clearedWithout3ds, "4012000000001097");
    expect(plainCard.status).toBe("successful");
    const transaction = await tokenize(gateway, clearedWithout3ds, "4012000000001097", {
      force_three_d_secure_verification: true,
    });
    expect(transaction.status).toBe("incomplete");
    const page = await openPage(gateway, transaction.uid);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self';");
    const answer = await submitForm(gateway, transaction.uid, { code: shownCode(page.html) });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("<h1>Card verified</h1>");
    expect(answer.html).not.toContain("Return to the shop");
    expect((await queryTransaction(gateway, clearedWithout3ds, transaction.uid)).status).toBe("successful");
  });

  it("a shop without 3-D Secure: the redirect_url page says what happened, not that the card was verified", async () => {
    const accepted = await tokenize(gateway, clearedWithout3ds, "4012000000001097");
    expect(accepted.status).toBe("successful");
    const acceptedPage = (await openPage(gateway, accepted.uid)).html;
    expect(acceptedPage).toContain("<h1>Card accepted</h1>");
    expect(acceptedPage).toContain("<title>Card accepted · 3-D Secure</title>");
    expect(acceptedPage).not.toContain("Card verified");

    const declined = await tokenize(gateway, clearedWithout3ds, "4005550000000019");
    expect(declined.status).toBe("failed");
    const declinedPage = (await openPage(gateway, declined.uid)).html;
    expect(declinedPage).toContain("<h1>Card not accepted</h1>");
    expect(declinedPage).toContain("No 3-D Secure verification took place.");
    expect(declinedPage).not.toContain("Card not verified");
  });

  it("refuses the flags from a shop not cleared for them", async () => {
    const response = await gateway.call("/transactions/tokenizations", {
      shop,
      body: {
        request: {
          amount: 100,
          currency: "USD",
          description: "x",
          return_url: returnUrl,
          skip_three_d_secure_verification: true,
          credit_card: { number: "4012000000001097", exp_month: "12", exp_year: "2040" },
        },
      },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: { skip_three_d_secure_verification: ["is not allowed for this shop"] },
    });
  });
});

describe("the merchant's verification_url when the challenge passes", () => {
  let merchant: WebhookReceiver;

  beforeAll(async () => {
    merchant = await startWebhookReceiver();
  });

  afterAll(async () => {
    await merchant.close();
  });

  it("asks the merchant before the transaction becomes successful", async () => {
    merchant.answer = () => ({ status: 200, body: '{"code":0}' });
    const transaction = await tokenize3ds(nextVisa(), { verification_url: `${merchant.origin}/verify` });
    expect(merchant.received).toHaveLength(0);
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    const answer = await submitForm(gateway, transaction.uid, { code });
    expect(redirectTarget(answer.location).query.status).toBe("successful");
    expect(merchant.received).toHaveLength(1);
    const asked = JSON.parse(merchant.received[0].body).transaction;
    expect(asked).toMatchObject({
      uid: transaction.uid,
      status: "incomplete",
      credit_card: { token: null },
      three_d_secure_verification: { status: "successful", pa_status: "Y" },
    });
  });

  it("fails the transaction with the merchant's message when it rejects, and removes the card", async () => {
    merchant.answer = () => ({ status: 200, body: '{"code":1,"message":"Order already paid"}' });
    const transaction = await tokenize3ds(nextVisa(), { verification_url: `${merchant.origin}/verify` });
    const { transaction: row } = await storedRows(gateway, transaction.uid);
    const answer = await submitForm(gateway, transaction.uid, {
      code: shownCode((await openPage(gateway, transaction.uid)).html),
    });
    expect(redirectTarget(answer.location).query.status).toBe("failed");
    expect(await queryTransaction(gateway, shop, transaction.uid)).toMatchObject({
      status: "failed",
      message: "Order already paid",
      tokenization: { status: "failed", message: "Order already paid" },
      credit_card: { token: null },
      three_d_secure_verification: { status: "successful" },
    });
    expect(await cardExists(gateway, row.cardToken as string)).toBe(false);
  });

  it("asks the merchant once when the correct code arrives twice at once; the second answer waits for it", async () => {
    merchant.answer = () => ({ status: 200, body: '{"code":0}', delayMs: 400 });
    const transaction = await tokenize3ds(nextVisa(), { verification_url: `${merchant.origin}/verify` });
    const code = shownCode((await openPage(gateway, transaction.uid)).html);
    const askedBefore = merchant.received.length;

    const answers = await Promise.all([
      submitForm(gateway, transaction.uid, { code }),
      submitForm(gateway, transaction.uid, { code }),
    ]);
    const asked = merchant.received
      .slice(askedBefore)
      .map((request) => JSON.parse(request.body).transaction.uid);
    expect(asked).toEqual([transaction.uid]);
    // One answer ended the verification and sends the shopper back; the other shows the same outcome.
    const redirect = answers.find((answer) => answer.status === 303);
    const page = answers.find((answer) => answer.status === 200);
    expect(redirectTarget(redirect?.location ?? null).query.status).toBe("successful");
    expect(page?.html).toContain("<h1>Card verified</h1>");
    expect((await storedRows(gateway, transaction.uid)).challenge.stage).toBe("finished");
    expect(await queryTransaction(gateway, shop, transaction.uid)).toMatchObject({ status: "successful" });
  });

  it("ends as failed a verification whose claimant stopped while asking, once the claim is stale", async () => {
    const transaction = await tokenize3ds(nextVisa(), { verification_url: `${merchant.origin}/verify` });
    const { transaction: row } = await storedRows(gateway, transaction.uid);
    // What an instance that stopped while waiting for the merchant leaves behind.
    await gateway.runtime.deps.db
      .update(threeDSecureChallenges)
      .set({ stage: "verifying", updatedAt: clock.now() })
      .where(eq(threeDSecureChallenges.transactionUid, transaction.uid));
    const askedBefore = merchant.received.length;

    clock.advance((VERIFYING_LEASE_SECONDS - 1) * 1000);
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    expect((await storedRows(gateway, transaction.uid)).challenge.stage).toBe("verifying");

    clock.advance(1000);
    await gateway.runtime.threeDSecureExpiry.sweepOnce();
    expect((await storedRows(gateway, transaction.uid)).challenge.stage).toBe("finished");
    expect(await queryTransaction(gateway, shop, transaction.uid)).toMatchObject({
      status: "failed",
      credit_card: { token: null },
    });
    expect(await cardExists(gateway, row.cardToken as string)).toBe(false);
    expect(merchant.received.length).toBe(askedBefore);
    // The shopper coming back sees the outcome; a code sent now changes nothing.
    const again = await submitForm(gateway, transaction.uid, { code: "000000" });
    expect(again.html).toContain("<h1>Card not verified</h1>");
  });

  it("does not ask when 3-D Secure failed", async () => {
    const before = merchant.received.length;
    const transaction = await tokenize3ds(nextVisa(), { verification_url: `${merchant.origin}/verify` });
    await submitForm(gateway, transaction.uid, { action: "cancel" });
    expect(merchant.received).toHaveLength(before);
  });
});

describe("languages", () => {
  it.each([
    ["de", "ltr", "Bestätigen Sie, dass Sie es sind", "Einmalcode"],
    ["ar", "rtl", "أكِّد هويتك", "رمز لمرة واحدة"],
    ["he", "rtl", "אשרו שזה אתם", "קוד חד-פעמי"],
    ["ja", "ltr", "ご本人確認", "ワンタイムコード"],
  ])("renders the page in %s", async (language, dir, heading, label) => {
    const transaction = await tokenize3ds(nextVisa(), { language });
    const page = await openPage(gateway, transaction.uid);
    expect(page.html).toContain(`<html lang="${language}" dir="${dir}">`);
    expect(page.html).toContain(`<h1>${heading}</h1>`);
    expect(page.html).toContain(`<label for="code">${label}</label>`);
  });
});
