import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_ONLY_FIELDS } from "@/lib/contracts/money-result";
import { transactionResponseSchema, transactionSchema } from "@/lib/contracts/transaction";
import { cards, transactions } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;
const acquirer = new RecordingAcquirer({ slowAnswerMs: 300 });
let seed = 7_000;
const nextCard = () => uniqueVisaNumber(seed++);

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway({ acquirer }), startWebhookReceiver()]);
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
  await receiver.close();
});

async function pay(
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
  type: "payments" | "authorizations" = "payments",
): Promise<JsonBody> {
  const response = await postPayment(
    gateway,
    shop,
    paymentRequest(overrides, { number: nextCard(), ...card }),
    type,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction;
}

const keys = (value: object) => Object.keys(value).sort();

/** The `amounts` of a payment or authorization that did not succeed: nothing to capture, void or refund. */
const NOTHING_LEFT = {
  captured: 0,
  voided: 0,
  refunded: 0,
  capturable: 0,
  refundable: 0,
  authorization_expires_at: null,
};

describe("an approved payment", () => {
  let transaction: JsonBody;

  beforeAll(async () => {
    transaction = await pay({ tracking_id: "order-1", notification_url: null });
  });

  it("is successful, with the acquirer's answer in the payment object", () => {
    expect(transaction).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "payment",
      amount: 1000,
      currency: "USD",
      tracking_id: "order-1",
      test: true,
      parent_uid: null,
    });
    expect(transaction.payment).toEqual({
      status: "successful",
      message: "Approved",
      auth_code: expect.stringMatching(/^\d{6}$/),
      rrn: expect.stringMatching(/^\d{12}$/),
      ref_id: expect.stringMatching(/^[0-9a-f]{12}$/),
      bank_code: "00",
      billing_descriptor: "TESSERA SANDBOX",
      gateway_id: expect.any(Number),
    });
    expect(transaction.tokenization).toBeUndefined();
  });

  it("is paid, has a receipt and returns the stored card's token", async () => {
    expect(Date.parse(transaction.paid_at)).toBeGreaterThan(0);
    expect(transaction.receipt_url).toBe(`http://localhost:3999/gateway/process/${transaction.uid}/receipt`);
    expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    const [card] = await gateway.runtime.deps.db
      .select()
      .from(cards)
      .where(eq(cards.token, transaction.credit_card.token));
    expect(card.contract).toEqual([]);
  });

  it("has the common fields, its payment object and the money fields, and conforms to the schema", () => {
    const expected = keys(transactionSchema.shape).filter(
      (key) =>
        key !== "tokenization" &&
        (!MONEY_ONLY_FIELDS.includes(key) ||
          ["payment", "parent_uid", "receipt_url", "amounts"].includes(key)),
    );
    expect(keys(transaction)).toEqual(expected);
    const parsed = transactionResponseSchema.safeParse({ transaction });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it("shows all of it refundable from the start, before any refund", () => {
    expect(transaction.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 0,
      refundable: 1000,
      authorization_expires_at: null,
    });
  });

  it("is stored with its type and answered the same by the queries", async () => {
    const [row] = await gateway.runtime.deps.db
      .select({ type: transactions.type, status: transactions.status })
      .from(transactions)
      .where(eq(transactions.uid, transaction.uid));
    expect(row).toEqual({ type: "payment", status: "successful" });
    const queried = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
    expect(queried.body).toEqual({ transaction });
    const tracked = await callJson(gateway, "/transactions/tracking_id/order-1", { shop });
    expect(tracked.body.transactions).toEqual([transaction]);
  });

  it("was authorized and captured at once by the acquirer, with the transaction's uid as idempotency key", () => {
    expect(acquirer.callsFor(transaction.uid)).toEqual([
      {
        operation: "authorize+capture",
        idempotencyKey: transaction.uid,
        amount: 1000,
        verificationValue: "123",
      },
    ]);
  });
});

describe("an approved authorization", () => {
  it("holds the amount: an authorization object, no paid_at", async () => {
    const transaction = await pay({}, {}, "authorizations");
    expect(transaction).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "authorization",
    });
    expect(transaction.authorization).toMatchObject({
      status: "successful",
      message: "Approved",
      bank_code: "00",
    });
    expect(transaction.payment).toBeUndefined();
    expect(transaction.paid_at).toBeNull();
    // All of it capturable from the start, until the shop's authorization_expiry_days (7 by default) have passed.
    expect(transaction.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 1000,
      refundable: 0,
      authorization_expires_at: new Date(
        Date.parse(transaction.created_at) + 7 * 24 * 3600_000,
      ).toISOString(),
    });
    expect(transaction.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(acquirer.callsFor(transaction.uid).map((call) => call.operation)).toEqual(["authorize"]);
  });
});

describe("the sandbox acquirer's outcomes", () => {
  it.each([
    ["4005550000000019", "Card declined", "05"],
    ["4005550000000027", "Insufficient funds", "51"],
    ["4005550000000035", "Do not honour", "05"],
    ["4005550000000043", "Expired card", "54"],
    ["4005550000000050", "Lost or stolen card", "43"],
    ["4005550000000068", "Restricted card", "62"],
  ])("card %s is declined: %s (%s)", async (number, reason, bankCode) => {
    const payment = await postPayment(gateway, shop, paymentRequest({ duplicate_check: false }, { number }));
    expect(payment.body.transaction).toMatchObject({
      status: "failed",
      message: "Payment was declined",
      paid_at: null,
      receipt_url: null,
      payment: { status: "failed", message: reason, bank_code: bankCode, auth_code: null },
      credit_card: { token: null },
      amounts: NOTHING_LEFT,
    });
    const authorization = await postPayment(
      gateway,
      shop,
      paymentRequest({ duplicate_check: false }, { number }),
      "authorizations",
    );
    expect(authorization.body.transaction).toMatchObject({
      status: "failed",
      message: "Authorization was declined",
      authorization: { status: "failed", message: reason },
      // Nothing held, so nothing to capture and no expiry.
      amounts: NOTHING_LEFT,
    });
  });

  it("declines by amount: x0.51 insufficient funds, x0.05 do not honour", async () => {
    expect((await pay({ amount: 1051 })).payment).toMatchObject({
      status: "failed",
      message: "Insufficient funds",
    });
    expect((await pay({ amount: 20_005 })).payment).toMatchObject({
      status: "failed",
      message: "Do not honour",
    });
    // Three digits decide: 11.51 is an ordinary amount.
    expect((await pay({ amount: 1151 })).status).toBe("successful");
  });

  it("answers x0.96 with a processor error: status error", async () => {
    const transaction = await pay({ amount: 1096 });
    expect(transaction).toMatchObject({
      status: "error",
      message: "Processor error: system malfunction",
      payment: { status: "error", message: "Processor error: system malfunction", bank_code: "96" },
      credit_card: { token: null },
      paid_at: null,
      amounts: NOTHING_LEFT,
    });
  });

  it("answers x0.91 slowly, then approves", async () => {
    const started = performance.now();
    const transaction = await pay({ amount: 1091 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(transaction.status).toBe("successful");
  });

  it("turns down a security code of 222 (does not match)", async () => {
    const transaction = await pay({}, { verification_value: "222" });
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Payment was declined",
      payment: { message: "Security code does not match" },
    });
  });

  it("keeps no card of a payment that did not go through", async () => {
    const transaction = await pay({ amount: 1051 });
    const [row] = await gateway.runtime.deps.db
      .select({ cardToken: transactions.cardToken })
      .from(transactions)
      .where(eq(transactions.uid, transaction.uid));
    expect(row.cardToken).toBeNull();
    const stamped = await gateway.runtime.deps.db
      .select({ token: cards.token })
      .from(cards)
      .where(eq(cards.stamp, transaction.credit_card.stamp));
    expect(stamped).toEqual([]);
  });
});

describe("the duplicate check", () => {
  const duplicate = { message: "Duplicate transaction", errors: { base: ["Duplicate transaction"] } };

  it("refuses the same card and amount within 30 seconds, and stores nothing for it", async () => {
    const number = nextCard();
    const first = await postPayment(gateway, shop, paymentRequest({ tracking_id: "dup-1" }, { number }));
    expect(first.status).toBe(200);
    const second = await postPayment(gateway, shop, paymentRequest({ tracking_id: "dup-1" }, { number }));
    expect(second).toMatchObject({ status: 422, body: duplicate });
    const tracked = await callJson(gateway, "/transactions/tracking_id/dup-1", { shop });
    expect(tracked.body.transactions).toHaveLength(1);
    // Another amount is another payment, and so is the same amount in another currency.
    expect((await postPayment(gateway, shop, paymentRequest({ amount: 1001 }, { number }))).status).toBe(200);
    expect(
      (await postPayment(gateway, shop, paymentRequest({ amount: 1001, currency: "EUR" }, { number })))
        .status,
    ).toBe(200);
    expect(
      await postPayment(gateway, shop, paymentRequest({ amount: 1001, currency: "EUR" }, { number })),
    ).toMatchObject({ status: 422, body: duplicate });
  });

  it("lets a repeat through with duplicate_check false", async () => {
    const number = nextCard();
    for (let i = 0; i < 2; i++) {
      const response = await postPayment(
        gateway,
        shop,
        paymentRequest({ duplicate_check: false }, { number }),
      );
      expect(response.body.transaction.status).toBe("successful");
    }
  });

  it("compares payments with payments: a tokenization or authorization of the same card and amount is no duplicate", async () => {
    const number = nextCard();
    expect(
      (await postTokenization(gateway, shop, tokenizationRequest({ amount: 1000 }, { number }))).status,
    ).toBe(200);
    expect((await postPayment(gateway, shop, paymentRequest({}, { number }), "authorizations")).status).toBe(
      200,
    );
    expect((await postPayment(gateway, shop, paymentRequest({}, { number }))).status).toBe(200);
    expect(await postPayment(gateway, shop, paymentRequest({}, { number }))).toMatchObject({
      status: 422,
      body: duplicate,
    });
  });

  it("decides two identical payments sent at once: one is charged", async () => {
    const number = nextCard();
    const before = acquirer.calls.length;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        postPayment(gateway, shop, paymentRequest({ amount: 4242 }, { number })),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 422, 422, 422]);
    expect(acquirer.calls.slice(before).filter((call) => call.amount === 4242)).toHaveLength(1);
  });
});

describe("requests", () => {
  it("answers 422 with every field error, as a tokenization does", async () => {
    const response = await postPayment(
      gateway,
      shop,
      paymentRequest({ amount: 0, currency: "XXX" }, { number: "4200000000000001" }),
    );
    expect(response).toMatchObject({
      status: 422,
      body: {
        message: "Amount must be greater than 0. Currency is invalid. Number is invalid",
        errors: {
          amount: ["must be greater than 0"],
          currency: ["is invalid"],
          credit_card: { number: ["is invalid"] },
        },
      },
    });
  });

  it("answers another method with 405, not as a query of a transaction called payments", async () => {
    for (const path of ["/transactions/payments", "/transactions/authorizations"]) {
      const response = await callJson(gateway, path, { shop });
      expect(response.status).toBe(405);
    }
  });

  it("needs the shop's credentials", async () => {
    const response = await callJson(gateway, "/transactions/payments", { body: paymentRequest() });
    expect(response).toMatchObject({ status: 401, body: { message: "Access denied" } });
  });

  it("asks the merchant's verification_url first: a rejection moves no money", async () => {
    receiver.answer = () => ({
      status: 200,
      body: '{"code":1,"message":"Out of stock"}',
      contentType: "application/json",
    });
    const transaction = await pay({ verification_url: `${receiver.origin}/verify` });
    receiver.answer = () => ({ status: 200, body: '{"code":0}', contentType: "application/json" });
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Out of stock",
      payment: { status: "failed", message: "Out of stock" },
      credit_card: { token: null },
      amounts: NOTHING_LEFT,
    });
    expect(acquirer.callsFor(transaction.uid)).toEqual([]);
    const asked = receiver.received.at(-1)!;
    expect(JSON.parse(asked.body).transaction).toMatchObject({
      uid: transaction.uid,
      status: "incomplete",
      type: "payment",
      amounts: NOTHING_LEFT,
    });
  });
});

describe("notifications", () => {
  it("POSTs the final payment, as the query answers it, to the notification_url", async () => {
    const count = receiver.received.length;
    const transaction = await pay({ notification_url: `${receiver.origin}/hooks` });
    while ((await gateway.runtime.notifications.runOnce()) > 0);
    await receiver.waitFor(count + 1);
    const delivered = receiver.received.at(-1)!;
    expect(delivered.path).toBe("/hooks");
    expect(delivered.headers["content-signature"]).toBeTruthy();
    const queried = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
    expect(JSON.parse(delivered.body)).toEqual(queried.body);
    expect(JSON.parse(delivered.body).transaction.payment.status).toBe("successful");
    expect(JSON.parse(delivered.body).transaction.amounts).toMatchObject({ refunded: 0, refundable: 1000 });
  });

  it("notifies a declined payment too", async () => {
    const count = receiver.received.length;
    const transaction = await pay({ notification_url: `${receiver.origin}/hooks`, amount: 1051 });
    while ((await gateway.runtime.notifications.runOnce()) > 0);
    await receiver.waitFor(count + 1);
    expect(JSON.parse(receiver.received.at(-1)!.body).transaction).toMatchObject({
      uid: transaction.uid,
      status: "failed",
      message: "Payment was declined",
      amounts: NOTHING_LEFT,
    });
  });
});

describe("the receipt", () => {
  const receiptPath = (transaction: JsonBody) =>
    new URL(transaction.receipt_url).pathname.replace(/^\/gateway/, "");
  const documentLanguage = (html: string) => /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1);

  it("is a page for the shopper at receipt_url, without credentials", async () => {
    const transaction = await pay({ tracking_id: "receipt-<1>", amount: 123_45 });
    const page = await gateway.call(receiptPath(transaction));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(documentLanguage(html)).toEqual(["en", "ltr"]);
    expect(html).toContain("Payment receipt");
    expect(html).toContain("$123.45");
    expect(html).toContain(`<span aria-hidden="true">••••</span> ${transaction.credit_card.last_4}`);
    expect(html).toContain(transaction.payment.auth_code);
    expect(html).toContain("receipt-&lt;1&gt;");
    expect(html).not.toContain(transaction.credit_card.token);
  });

  it("is in the language of the payment request", async () => {
    const transaction = await pay({ language: "de", amount: 987_65 });
    const html = await (await gateway.call(receiptPath(transaction))).text();
    expect(documentLanguage(html)).toEqual(["de", "ltr"]);
    expect(html).toContain("<h1>Zahlungsbeleg</h1>");
    expect(html).toContain("<dt>Autorisierungscode</dt>");
    expect(html).toContain("987,65\u00a0$");
    expect(html).not.toContain("Payment receipt");

    // A refund carries its payment's language.
    const refund = await callJson(gateway, "/transactions/refunds", {
      shop,
      body: { request: { parent_uid: transaction.uid, amount: 100, reason: "Returned" } },
    });
    expect(refund.body.transaction).toMatchObject({ type: "refund", status: "successful" });
    const refundHtml = await (await gateway.call(receiptPath(refund.body.transaction))).text();
    expect(documentLanguage(refundHtml)).toEqual(["de", "ltr"]);
    expect(refundHtml).toContain("<h1>Erstattungsbeleg</h1>");
  });

  it("is right to left in Arabic, with the amount and the references left to right", async () => {
    const transaction = await pay({ language: "ar" });
    const html = await (await gateway.call(receiptPath(transaction))).text();
    expect(documentLanguage(html)).toEqual(["ar", "rtl"]);
    expect(html).toContain("إيصال الدفع");
    expect(html).toContain(`<bdi dir="ltr">${transaction.payment.rrn}</bdi>`);
    expect(html).toContain(`<bdi dir="ltr">${transaction.uid}</bdi>`);
  });

  it("is in English for a request without a language, and for a stored language it does not know", async () => {
    const absent = await pay();
    expect(documentLanguage(await (await gateway.call(receiptPath(absent))).text())).toEqual(["en", "ltr"]);

    // A row written before its language was checked, say: the page still renders, in English.
    const unknown = await pay({ language: "fr" });
    const [row] = await gateway.runtime.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.uid, unknown.uid));
    await gateway.runtime.deps.db
      .update(transactions)
      .set({ body: { ...(row.body as JsonBody), language: "xx" } })
      .where(eq(transactions.uid, unknown.uid));
    const html = await (await gateway.call(receiptPath(unknown))).text();
    expect(documentLanguage(html)).toEqual(["en", "ltr"]);
    expect(html).toContain("<h1>Payment receipt</h1>");
  });

  it("does not exist for a declined payment, a tokenization or an unknown uid", async () => {
    const declined = await pay({ amount: 1051 });
    const tokenization = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: nextCard() }),
    );
    for (const uid of [declined.uid, tokenization.body.transaction.uid, "no-such-uid"]) {
      expect((await gateway.call(`/process/${uid}/receipt`)).status).toBe(404);
    }
  });

  it("says so in the browser's language when there is none", async () => {
    const page = await gateway.call("/process/no-such-uid/receipt", {
      headers: { "accept-language": "fa-IR,fa;q=0.9,en;q=0.8" },
    });
    expect(page.status).toBe(404);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(documentLanguage(html)).toEqual(["fa", "rtl"]);
    expect(html).toContain("رسید پیدا نشد");
  });
});

describe("GET /transactions", () => {
  it("lists every type, and filters by type", async () => {
    const other = await gateway.createShop({}, "Listing Shop");
    const number = nextCard();
    await postTokenization(gateway, other, tokenizationRequest({ amount: 500 }, { number }));
    await postPayment(gateway, other, paymentRequest({ amount: 600 }, { number }));
    await postPayment(gateway, other, paymentRequest({ amount: 700 }, { number }), "authorizations");
    const all = await callJson(gateway, "/transactions", { shop: other });
    expect(all.body.transactions.map((transaction: JsonBody) => transaction.type)).toEqual([
      "authorization",
      "payment",
      "tokenization",
    ]);
    const payments = await callJson(gateway, "/transactions?type=payment", { shop: other });
    expect(payments.body.transactions.map((transaction: JsonBody) => transaction.amount)).toEqual([600]);
    expect(payments.headers.get("x-total-count")).toBe("1");
    expect(await callJson(gateway, "/transactions?type=purchase", { shop: other })).toMatchObject({
      status: 422,
      body: {
        message: "Type is not included in the list",
        errors: { type: ["is not included in the list"] },
      },
    });
  });
});

describe("the shop's velocity limit", () => {
  // The limit counts in fixed one-minute windows: on the real clock, four requests that straddle a minute's end
  // would be counted in two. A gateway of its own, its clock at the start of a minute.
  let clocked: TestGateway;

  beforeAll(async () => {
    const clock = new ManualClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    clocked = await startTestGateway({ clock });
  });

  afterAll(async () => {
    await clocked.close();
  });

  it("counts payments and authorizations with its tokenizations: over the limit, 429", async () => {
    const limited = await clocked.createShop({ velocity_limit_per_minute: 3 }, "Limited Shop");
    const statuses: number[] = [];
    statuses.push(
      (await postTokenization(clocked, limited, tokenizationRequest({}, { number: nextCard() }))).status,
    );
    statuses.push((await postPayment(clocked, limited, paymentRequest({}, { number: nextCard() }))).status);
    statuses.push(
      (await postPayment(clocked, limited, paymentRequest({}, { number: nextCard() }), "authorizations"))
        .status,
    );
    const refused = await postPayment(clocked, limited, paymentRequest({}, { number: nextCard() }));
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the daily report", () => {
  it("counts tokenizations apart from payments", async () => {
    const reported = await gateway.createShop({}, "Reported Shop");
    await postTokenization(gateway, reported, tokenizationRequest({}, { number: nextCard() }));
    await postPayment(gateway, reported, paymentRequest({}, { number: nextCard() }));
    await postPayment(gateway, reported, paymentRequest({ amount: 1096 }, { number: nextCard() }));
    const today = new Date().toISOString().slice(0, 10);
    const response = await callJson(gateway, `/reports/daily?from=${today}&to=${today}`, { shop: reported });
    expect(response.body.days).toEqual([
      expect.objectContaining({
        date: today,
        tokenizations: 1,
        successful: 1,
        failed: 0,
        incomplete: 0,
        success_rate: 1,
        payments: 2,
        approved: 1,
        declined: 1,
      }),
    ]);
  });
});
