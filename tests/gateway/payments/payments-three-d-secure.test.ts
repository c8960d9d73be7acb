import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeDSecureChallenges } from "@/lib/db/schema";
import {
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";
import {
  cardExists,
  openPage,
  queryTransaction,
  shownCode,
  storedRows,
  submitForm,
} from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let merchant: WebhookReceiver;
let returnUrl: string;
const acquirer = new RecordingAcquirer();
let seed = 410_000;
const nextCard = () => uniqueVisaNumber(seed++);

beforeAll(async () => {
  [gateway, merchant] = await Promise.all([startTestGateway({ acquirer }), startWebhookReceiver()]);
  returnUrl = `${merchant.origin}/orders/7/return`;
  shop = await gateway.createShop({ three_d_secure: true }, "3-D Secure Merchant");
});

afterAll(async () => {
  await Promise.all([gateway?.close(), merchant?.close()]);
});

async function pay3ds(
  number: string,
  overrides: Record<string, unknown> = {},
  type: "payments" | "authorizations" = "payments",
  card: Record<string, unknown> = {},
): Promise<JsonBody> {
  const response = await postPayment(
    gateway,
    shop,
    paymentRequest({ return_url: returnUrl, ...overrides }, { number, ...card }),
    type,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction;
}

async function passChallenge(uid: string) {
  const code = shownCode((await openPage(gateway, uid)).html);
  return submitForm(gateway, uid, { code, action: "confirm" });
}

describe("a payment with a 3-D Secure challenge", () => {
  let started: JsonBody;

  beforeAll(async () => {
    started = await pay3ds(nextCard(), { notification_url: `${merchant.origin}/hooks` });
  });

  it("waits for the shopper: incomplete, the issuer's page, nothing charged, no token", async () => {
    expect(started).toMatchObject({
      status: "incomplete",
      message: null,
      type: "payment",
      redirect_url: `http://localhost:3999/gateway/process/${started.uid}`,
      return_url: returnUrl,
      paid_at: null,
      receipt_url: null,
      payment: { status: null, message: null, auth_code: null },
      credit_card: { token: null },
      three_d_secure_verification: { ve_status: "Y", status: null },
      // Nothing refundable while nothing was charged.
      amounts: { refunded: 0, refundable: 0, authorization_expires_at: null },
    });
    expect(acquirer.callsFor(started.uid)).toEqual([]);
    expect((await storedRows(gateway, started.uid)).deliveries).toEqual([]);
  });

  it("is charged once the challenge passes, without the security code, and the shopper returns", async () => {
    const answer = await passChallenge(started.uid);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${returnUrl}?uid=${started.uid}&status=successful`);
    expect(acquirer.callsFor(started.uid)).toEqual([
      { operation: "authorize+capture", idempotencyKey: started.uid, amount: 1000, verificationValue: null },
    ]);
    const final = await queryTransaction(gateway, shop, started.uid);
    const stored = await storedRows(gateway, started.uid);
    expect(final).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      payment: { status: "successful", message: "Approved", bank_code: "00" },
      three_d_secure_verification: { status: "successful", pa_status: "Y" },
      credit_card: { token: stored.transaction.cardToken },
      receipt_url: `http://localhost:3999/gateway/process/${started.uid}/receipt`,
      amounts: { refunded: 0, refundable: 1000 },
    });
    expect(Date.parse(final.paid_at)).toBeGreaterThan(0);
    expect(await cardExists(gateway, final.credit_card.token)).toBe(true);
    expect(stored.deliveries).toHaveLength(1);
  });

  it("is a no-op when the right code arrives again", async () => {
    const again = await submitForm(gateway, started.uid, { code: "000000", action: "confirm" });
    expect(again.status).not.toBe(500);
    expect(acquirer.callsFor(started.uid)).toHaveLength(1);
  });
});

describe("3-D Secure outcomes of payments", () => {
  it("an authorization: authorized after the challenge, nothing paid", async () => {
    const started = await pay3ds(nextCard(), {}, "authorizations");
    expect(started).toMatchObject({
      status: "incomplete",
      authorization: { status: null },
      amounts: { capturable: 0, authorization_expires_at: null },
    });
    await passChallenge(started.uid);
    const final = await queryTransaction(gateway, shop, started.uid);
    expect(final).toMatchObject({ status: "successful", type: "authorization", paid_at: null });
    // Capturable once authorized, for 7 days from its creation (not from the challenge's end).
    expect(final.amounts).toMatchObject({
      capturable: 1000,
      authorization_expires_at: new Date(Date.parse(started.created_at) + 7 * 24 * 3600_000).toISOString(),
    });
    expect(acquirer.callsFor(started.uid).map((call) => call.operation)).toEqual(["authorize"]);
  });

  it("the acquirer declines after the challenge: Payment was declined, the card goes", async () => {
    const started = await pay3ds("4005550000000027");
    const answer = await passChallenge(started.uid);
    expect(answer.location).toBe(`${returnUrl}?uid=${started.uid}&status=failed`);
    const final = await queryTransaction(gateway, shop, started.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "Payment was declined",
      payment: { status: "failed", message: "Insufficient funds", bank_code: "51" },
      credit_card: { token: null },
      receipt_url: null,
      amounts: { refundable: 0 },
    });
    expect((await storedRows(gateway, started.uid)).transaction.cardToken).toBeNull();
  });

  it("a cancelled challenge fails and moves no money", async () => {
    const started = await pay3ds(nextCard());
    const answer = await submitForm(gateway, started.uid, { code: "", action: "cancel" });
    expect(answer.status).toBe(303);
    const final = await queryTransaction(gateway, shop, started.uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: cancelled by the cardholder",
      payment: { status: "failed", message: "3-D Secure verification failed: cancelled by the cardholder" },
      credit_card: { token: null },
    });
    expect(acquirer.callsFor(started.uid)).toEqual([]);
  });

  it("frictionless: charged at once, with the 3-D Secure result", async () => {
    const transaction = await pay3ds("4012000000001006");
    expect(transaction).toMatchObject({
      status: "successful",
      payment: { status: "successful" },
      three_d_secure_verification: { status: "successful", pa_status: "Y" },
    });
    expect(acquirer.callsFor(transaction.uid)).toHaveLength(1);
  });

  it("rejected by the issuer: failed at once, the acquirer never asked", async () => {
    const transaction = await pay3ds("4012000000001030");
    expect(transaction).toMatchObject({
      status: "failed",
      payment: { status: "failed" },
      credit_card: { token: null },
    });
    expect(transaction.message).toMatch(/^3-D Secure verification failed/);
    expect(acquirer.callsFor(transaction.uid)).toEqual([]);
  });

  it("two right answers at once charge once", async () => {
    const started = await pay3ds(nextCard());
    const code = shownCode((await openPage(gateway, started.uid)).html);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => submitForm(gateway, started.uid, { code, action: "confirm" })),
    );
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    expect(acquirer.callsFor(started.uid)).toHaveLength(1);
    expect((await queryTransaction(gateway, shop, started.uid)).status).toBe("successful");
  });
});

describe("stored cards on a 3-D Secure shop", () => {
  async function storedToken(contract: string[]): Promise<string> {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest(
        { return_url: returnUrl, additional_data: { contract }, duplicate_check: false },
        { number: "4200000000000000" },
      ),
    );
    expect(response.body.transaction.status).toBe("successful");
    return response.body.transaction.credit_card.token;
  }

  it("a oneclick token with the security code goes through 3-D Secure; a decline leaves the stored card", async () => {
    const token = await storedToken(["oneclick"]);
    // Not enrolled (4200000000000000): no challenge, charged at once; the stored card is kept after a decline.
    const declined = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { return_url: returnUrl, amount: 3051 },
        { number: undefined, token, verification_value: "123" },
      ),
    );
    expect(declined.body.transaction).toMatchObject({ status: "failed", message: "Payment was declined" });
    expect(await cardExists(gateway, token)).toBe(true);
    const paid = await postPayment(
      gateway,
      shop,
      paymentRequest({ return_url: returnUrl }, { number: undefined, token, verification_value: "123" }),
    );
    expect(paid.body.transaction).toMatchObject({ status: "successful", credit_card: { token } });
  });

  it("a recurring token without the security code is charged without 3-D Secure or return_url", async () => {
    const token = await storedToken(["recurring"]);
    const response = await postPayment(gateway, shop, {
      request: { amount: 2500, currency: "USD", description: "Monthly", credit_card: { token } },
    });
    expect(response.body.transaction).toMatchObject({
      status: "successful",
      credit_card: { token },
      three_d_secure_verification: { status: null, ve_status: null },
    });
    expect(acquirer.callsFor(response.body.transaction.uid)).toEqual([
      expect.objectContaining({ operation: "authorize+capture", verificationValue: null }),
    ]);
  });
});

describe("challenges left unfinished", () => {
  const setChallenge = (uid: string, values: Partial<typeof threeDSecureChallenges.$inferInsert>) =>
    gateway.runtime.deps.db
      .update(threeDSecureChallenges)
      .set(values)
      .where(eq(threeDSecureChallenges.transactionUid, uid));

  it("expired before the shopper answered: failed by the sweep, nothing charged, the card gone", async () => {
    const started = await pay3ds(nextCard());
    await setChallenge(started.uid, { expiresAt: sql`now() - interval '1 second'` as unknown as Date });
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBeGreaterThanOrEqual(1);
    const final = await queryTransaction(gateway, shop, started.uid);
    expect(final).toMatchObject({
      status: "failed",
      payment: { status: "failed" },
      credit_card: { token: null },
    });
    expect(acquirer.callsFor(started.uid)).toEqual([]);
    expect((await storedRows(gateway, started.uid)).transaction.cardToken).toBeNull();
  });

  it("a passed challenge whose request stopped after charging: the sweep asks again and records the same answer", async () => {
    const started = await pay3ds(nextCard());
    const { cardToken } = (await storedRows(gateway, started.uid)).transaction;
    // The stopped request had claimed the challenge and been answered by the acquirer.
    await setChallenge(started.uid, { stage: "verifying" });
    const charged = await acquirer.authorize({
      idempotencyKey: started.uid,
      card: {
        number: "4200000000000000",
        expMonth: 12,
        expYear: 2040,
        holder: null,
        verificationValue: null,
      },
      amount: 1000,
      currency: "USD",
      capture: true,
      merchantInitiated: false,
      threeDSecure: null,
      billingDescriptor: null,
      test: true,
    });
    await setChallenge(started.uid, { updatedAt: sql`now() - interval '10 minutes'` as unknown as Date });
    expect(await gateway.runtime.threeDSecureExpiry.sweepOnce()).toBeGreaterThanOrEqual(1);
    const final = await queryTransaction(gateway, shop, started.uid);
    expect(final).toMatchObject({
      status: "successful",
      payment: { status: "successful", auth_code: charged.authCode, rrn: charged.rrn },
      three_d_secure_verification: { status: "successful" },
      credit_card: { token: cardToken },
    });
  });
});
