import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import {
  BeGatewayClient,
  type Json,
  PHP_TEST_CUSTOMER,
  type PhpPaymentFields,
  phpCardTokenMessage,
  phpChildMessage,
  phpCreditMessage,
  phpPaymentMessage,
  phpResponse,
} from "../begateway-client";
import { type GatewayProcess, startGatewayProcess } from "../gateway-process";

/**
 * The money endpoints driven the way the beGateway client libraries drive them (see ./begateway-client.ts), against
 * the gateway as deployed on its own port (`npm run gateway`), at the origin's root: the walk the libraries' own
 * integration tests take, with the fields and messages they read.
 */
const [plainShop, threeDSecureShop] = DEMO_SHOPS;
const YEAR = new Date().getUTCFullYear() + 3;
const HEX_TOKEN = /^[0-9a-f]{64}$/;

let gateway: GatewayProcess;
let origin: string;
let php: BeGatewayClient;
let php3ds: BeGatewayClient;

beforeAll(async () => {
  gateway = await startGatewayProcess();
  origin = gateway.origin;
  php = new BeGatewayClient(origin, plainShop.id, plainShop.secretKey);
  php3ds = new BeGatewayClient(origin, threeDSecureShop.id, threeDSecureShop.secretKey);
}, 90_000);

afterAll(async () => {
  await gateway?.stop();
});

/** The PHP library's own test objects: 12.33 EUR, the 4200… card, the Riga customer. */
function phpPayment(overrides: Partial<PhpPaymentFields> = {}, card: PhpPaymentFields["card"] = {}) {
  return phpPaymentMessage({
    amount: 1233,
    currency: "EUR",
    description: "test",
    tracking_id: "my_custom_variable",
    test: true,
    customer: { ...PHP_TEST_CUSTOMER, birth_date: "1970-01-01" },
    ...overrides,
    card: {
      number: "4200000000000000",
      holder: "BEGATEWAY",
      exp_month: "01",
      exp_year: YEAR,
      verification_value: "123",
      ...card,
    },
  });
}

/** What a successful money answer carries that the libraries read: status, uid, message, the type's object. */
function expectApproved(body: Json, type: string, amount: number) {
  expect(phpResponse.status(body)).toBe("successful");
  expect(phpResponse.message(body)).toBe("Successfully processed");
  expect(phpResponse.uid(body)).toEqual(expect.any(String));
  expect(body.transaction).toMatchObject({ type, amount, status: "successful", test: true });
  // The Ruby gem's `transaction.<type>` section.
  expect(body.transaction[type]).toMatchObject({
    status: "successful",
    message: expect.any(String),
    ref_id: expect.any(String),
  });
}

const state: { payment?: Json; trackingId?: string; refundable?: number } = {};

describe("the beGateway client libraries at the origin's root", () => {
  it("pays with full card data, every unset optional key sent as null, and gets the card token back", async () => {
    state.trackingId = `compat-${process.pid}-${Date.now()}`;
    const response = await php.post(
      "/transactions/payments",
      phpPayment({ amount: 2500, tracking_id: state.trackingId }),
    );
    expect(response.httpStatus).toBe(200);
    expectApproved(response.body, "payment", 2500);
    const { transaction } = response.body;
    expect(transaction).toMatchObject({
      currency: "EUR",
      tracking_id: state.trackingId,
      description: "test",
      payment: { auth_code: expect.any(String), rrn: expect.any(String), bank_code: expect.any(String) },
      customer: { ip: "127.0.0.1", email: "john@example.com" },
      billing_address: { first_name: "John", country: "LV", city: "Riga" },
      credit_card: { brand: "visa", first_1: "4", last_4: "0000", holder: "BEGATEWAY", exp_month: 1 },
    });
    expect(transaction.credit_card.token).toMatch(HEX_TOKEN);
    expect(transaction.receipt_url).toEqual(expect.any(String));
    expect(transaction.paid_at).toEqual(expect.any(String));
    expect(response.raw).not.toContain("4200000000000000");
    state.payment = transaction;
  });

  it("queries it by uid and by tracking id on both libraries' paths; unknown ones as they expect", async () => {
    const uid = state.payment.uid;
    const byUid = await php.get(`/transactions/${uid}`);
    expect(byUid.httpStatus).toBe(200);
    expect(phpResponse.status(byUid.body)).toBe("successful");
    expect(phpResponse.uid(byUid.body)).toBe(uid);
    expect(byUid.body.transaction.credit_card.token).toBe(state.payment.credit_card.token);

    const unknown = await php.get("/transactions/1234567890qwerty");
    expect(unknown.httpStatus).toBe(404);
    expect(phpResponse.message(unknown.body)).toBe("Record not found");

    // PHP: /v2/transactions/tracking_id/…; Ruby: /transactions/tracking_id/….
    for (const prefix of ["/v2/transactions", "/transactions"]) {
      const found = await php.get(`${prefix}/tracking_id/${state.trackingId}`);
      expect(found.httpStatus).toBe(200);
      expect(found.body.transactions).toHaveLength(1);
      expect(found.body.transactions[0]).toMatchObject({ uid, amount: 2500, tracking_id: state.trackingId });
      const none = await php.get(`${prefix}/tracking_id/1234567890qwerty`);
      expect(none.body).toEqual({ transactions: [] });
    }
  });

  it("refunds part of the payment, then refuses more than the remainder word for word", async () => {
    const uid = state.payment.uid;
    const first = await php.post(
      "/transactions/refunds",
      phpChildMessage({ parent_uid: uid, amount: 1000 }, "test reason"),
    );
    expect(first.httpStatus).toBe(200);
    expectApproved(first.body, "refund", 1000);
    expect(first.body.transaction.parent_uid).toBe(uid);

    const over = await php.post(
      "/transactions/refunds",
      phpChildMessage({ parent_uid: uid, amount: 1501 }, "test reason"),
    );
    expect(over.httpStatus).toBe(422);
    expect(phpResponse.isError(over.body)).toBe(true);
    expect(phpResponse.status(over.body)).toBe("error");
    expect(phpResponse.message(over.body)).toBe("Amount can't be greater than 1500.");

    // The PHP library sends `"reason": null` when the merchant set none.
    const noReason = await php.post(
      "/transactions/refunds",
      phpChildMessage({ parent_uid: uid, amount: 1501 }, null),
    );
    expect(noReason.httpStatus).toBe(422);
    expect(phpResponse.message(noReason.body)).toMatch(/Reason can't be blank\./);

    const rest = await php.post(
      "/transactions/refunds",
      phpChildMessage({ parent_uid: uid, amount: 1500 }, "test reason"),
    );
    expectApproved(rest.body, "refund", 1500);
  });

  it("authorizes, refuses a capture over the amount, then captures it", async () => {
    const response = await php.post("/transactions/authorizations", phpPayment({ amount: 3000 }));
    expect(response.httpStatus).toBe(200);
    expectApproved(response.body, "authorization", 3000);
    expect(response.body.transaction.authorization.auth_code).toEqual(expect.any(String));
    const uid = response.body.transaction.uid;

    const over = await php.post("/transactions/captures", phpChildMessage({ parent_uid: uid, amount: 3001 }));
    expect(phpResponse.isError(over.body)).toBe(true);
    expect(phpResponse.message(over.body)).toMatch(/Amount can't be greater than/);

    const captured = await php.post(
      "/transactions/captures",
      phpChildMessage({ parent_uid: uid, amount: 3000 }),
    );
    expect(captured.httpStatus).toBe(200);
    expectApproved(captured.body, "capture", 3000);
    expect(captured.body.transaction.parent_uid).toBe(uid);
  });

  it("voids another authorization in full (and refuses a void over its amount)", async () => {
    // The library's void test pays with 9112300000000000, a card of no known brand.
    const authorization = await php.post(
      "/transactions/authorizations",
      phpPayment({ amount: 4200 }, { number: "9112300000000000" }),
    );
    expect(authorization.httpStatus).toBe(200);
    expectApproved(authorization.body, "authorization", 4200);
    const uid = authorization.body.transaction.uid;

    const over = await php.post("/transactions/voids", phpChildMessage({ parent_uid: uid, amount: 4201 }));
    expect(phpResponse.isError(over.body)).toBe(true);
    expect(phpResponse.message(over.body)).toMatch(/Amount can't be greater than/);

    const voided = await php.post("/transactions/voids", phpChildMessage({ parent_uid: uid, amount: 4200 }));
    expect(voided.httpStatus).toBe(200);
    expectApproved(voided.body, "void", 4200);
    expect(voided.body.transaction.parent_uid).toBe(uid);
  });

  it("pays out to the payment's card token, and refuses a token it never issued", async () => {
    const credit = await php.post(
      "/transactions/credits",
      phpCreditMessage({
        amount: 5000,
        currency: "EUR",
        description: "test description",
        tracking_id: "tracking_id",
        token: state.payment.credit_card.token,
      }),
    );
    expect(credit.httpStatus).toBe(200);
    expectApproved(credit.body, "credit", 5000);
    // The Ruby gem's credit spec reads these two.
    expect(credit.body.transaction.credit).toMatchObject({
      ref_id: expect.any(String),
      rrn: expect.any(String),
    });

    const unknown = await php.post(
      "/transactions/credits",
      phpCreditMessage({
        amount: 5000,
        currency: "EUR",
        description: "test description",
        tracking_id: "tracking_id",
        token: "12345",
      }),
    );
    expect(unknown.httpStatus).toBe(422);
    expect(phpResponse.isError(unknown.body)).toBe(true);
    expect(phpResponse.message(unknown.body)).toMatch(/Token does not exist\./);
  });

  it("creates a card token with /credit_cards, updates it by token, and authorizes with it", async () => {
    const created = await php.post(
      "/credit_cards",
      phpCardTokenMessage({
        number: "4200000000000000",
        holder: "John Smith",
        exp_month: "02",
        exp_year: YEAR,
      }),
    );
    expect(created.httpStatus).toBe(200);
    // The flat answer `ResponseCardToken` reads.
    expect(created.body).toMatchObject({
      holder: "John Smith",
      brand: "visa",
      first_1: "4",
      last_4: "0000",
      exp_month: 2,
      exp_year: YEAR,
    });
    expect(created.body.token).toMatch(HEX_TOKEN);
    expect(created.raw).not.toContain("4200000000000000");

    const updated = await php.post(
      "/credit_cards",
      phpCardTokenMessage({
        number: null,
        holder: "John Doe",
        exp_month: "01",
        exp_year: YEAR,
        token: created.body.token,
      }),
    );
    expect(updated.httpStatus).toBe(200);
    expect(updated.body).toMatchObject({
      token: created.body.token,
      holder: "John Doe",
      brand: "visa",
      first_1: "4",
      last_4: "0000",
      exp_month: 1,
      exp_year: YEAR,
    });

    const charged = await php.post(
      "/transactions/authorizations",
      phpPaymentMessage({
        amount: 4321,
        currency: "EUR",
        description: "test",
        tracking_id: "my_custom_variable",
        customer: PHP_TEST_CUSTOMER,
        card: { token: created.body.token, verification_value: "123" },
      }),
    );
    expect(charged.httpStatus).toBe(200);
    expect(phpResponse.status(charged.body)).toBe("successful");
    expect(phpResponse.message(charged.body)).toBe("Successfully processed");
    expect(charged.body.transaction.amount).toBe(4321);
  });

  it("serves the Ruby gem's other card-token paths: /credit_cards/{token}, /v2/credit_cards", async () => {
    const created = await php.post("/v2/credit_cards", {
      request: { number: "4200000000000000", holder: "John Smith", exp_month: "05", exp_year: String(YEAR) },
    });
    expect(created.httpStatus).toBe(200);
    expect(created.body).toMatchObject({ holder: "John Smith", brand: "visa", last_4: "0000", exp_month: 5 });
    const { token } = created.body;
    expect(token).toMatch(HEX_TOKEN);

    const updated = await php.post(`/credit_cards/${token}`, { request: { holder: "John Doe" } });
    expect(updated.httpStatus).toBe(200);
    expect(updated.body).toMatchObject({ token, holder: "John Doe", exp_month: 5, exp_year: YEAR });

    const v2 = await php.put(`/v2/credit_cards/${token}`, {
      request: { exp_month: "06", exp_year: String(YEAR) },
    });
    expect(v2.httpStatus).toBe(200);
    expect(v2.body).toMatchObject({ token, holder: "John Doe", exp_month: 6, exp_year: YEAR });
  });

  it("refuses wrong credentials at the root as under /gateway", async () => {
    const stranger = new BeGatewayClient(origin, plainShop.id, "not-the-secret-key");
    const response = await stranger.post("/transactions/payments", phpPayment({ amount: 1111 }));
    expect(response.httpStatus).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="tessera"');
    expect(phpResponse.message(response.body)).toBe("Access denied");
  });

  it("answers a declined card as the libraries' tests expect, and an expired one as an error", async () => {
    const declined = await php.post(
      "/transactions/payments",
      phpPayment({ amount: 1234 }, { number: "4005550000000019", exp_month: "10" }),
    );
    expect(declined.httpStatus).toBe(200);
    expect(phpResponse.status(declined.body)).toBe("failed");
    expect(phpResponse.message(declined.body)).toBe("Payment was declined");
    expect(phpResponse.uid(declined.body)).toEqual(expect.any(String));
    expect(declined.body.transaction.amount).toBe(1234);

    const declinedAuthorization = await php.post(
      "/transactions/authorizations",
      phpPayment({ amount: 1234 }, { number: "4005550000000019", exp_month: "10" }),
    );
    expect(phpResponse.message(declinedAuthorization.body)).toBe("Authorization was declined");

    const expired = await php.post(
      "/transactions/authorizations",
      phpPayment({ amount: 1235 }, { exp_year: 2010 }),
    );
    expect(expired.httpStatus).toBe(422);
    expect(phpResponse.isError(expired.body)).toBe(true);
    expect(phpResponse.status(expired.body)).toBe("error");
    expect(phpResponse.message(expired.body)).toMatch(/Date is expired/i);
  });

  it("answers a payment under 3-D Secure incomplete, with no message and the issuer page's redirect_url", async () => {
    for (const type of ["payments", "authorizations"]) {
      const response = await php3ds.post(
        `/transactions/${type}`,
        phpPayment(
          { amount: 1777, return_url: "https://shop.example/return" },
          { number: "4012000000003010" },
        ),
      );
      expect(response.httpStatus).toBe(200);
      expect(phpResponse.status(response.body)).toBe("incomplete");
      expect(phpResponse.message(response.body)).toBeNull();
      expect(phpResponse.uid(response.body)).toEqual(expect.any(String));
      expect(response.body.transaction.redirect_url).toMatch(/process/);
      expect(response.body.transaction.amount).toBe(1777);
    }
  });

  it("takes the Ruby gem's hashes as merchants build them: nils beside values, RequestID replayed", async () => {
    const request = {
      amount: 1866,
      currency: "USD",
      description: "Test transaction",
      tracking_id: "your_uniq_number",
      language: "en",
      notification_url: null,
      billing_address: {
        first_name: "John",
        last_name: "Doe",
        country: "US",
        city: "Denver",
        state: "CO",
        zip: "96002",
        address: "1st Street",
        phone: null,
      },
      credit_card: {
        number: "4200000000000000",
        verification_value: "123",
        holder: "John Doe",
        exp_month: "05",
        exp_year: String(YEAR),
        token: null,
      },
      customer: { ip: "127.0.0.1", email: "john@example.com", birth_date: null },
      additional_data: { receipt_text: null, contract: null, meta: null, fiscalization: null },
    };
    const headers = { RequestID: `compat-${process.pid}-${Date.now()}` };
    const first = await php.post("/transactions/payments", { request }, headers);
    expect(first.httpStatus).toBe(200);
    expectApproved(first.body, "payment", 1866);
    expect(first.body.transaction.payment.bank_code).toEqual(expect.any(String));
    const again = await php.post("/transactions/payments", { request }, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.transaction.uid).toBe(first.body.transaction.uid);
  });

  it("tokenizes and keeps customers at the root too", async () => {
    const tokenized = await php.post("/transactions/tokenizations", phpPayment({ amount: 100 }));
    expect(tokenized.httpStatus).toBe(200);
    expect(tokenized.body.transaction).toMatchObject({ type: "tokenization", status: "successful" });
    expect(tokenized.body.transaction.credit_card.token).toMatch(HEX_TOKEN);

    const email = `compat-${process.pid}@example.com`;
    const created = await php.post("/customers", {
      email,
      ip: "203.0.113.9",
      first_name: "John",
      country: null,
    });
    expect(created.httpStatus).toBe(201);
    expect((await php.get(`/customers/${created.body.id}`)).body).toMatchObject({
      id: created.body.id,
      email,
    });
    const listed = await php.get(`/customers?email=${encodeURIComponent(email)}`);
    expect(listed.body.map((customer: Json) => customer.id)).toEqual([created.body.id]);
  });
});
