import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_ONLY_FIELDS } from "@/lib/contracts/money-result";
import {
  threeDSecureVerificationSchema,
  transactionCreditCardSchema,
  transactionResponseSchema,
  transactionSchema,
} from "@/lib/contracts/transaction";
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
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

const VISA = "4200000000000000";
const AMEX = "378282246310005";
const MASTERCARD = "5555555555554444";
const DECLINED = "4005550000000019";
const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HEX_64 = /^[0-9a-f]{64}$/;

/** Every field the spec lists for the transaction object, and the request parameters echoed back. */
const SPEC_FIELDS = [
  "uid",
  "id",
  "status",
  "message",
  "tracking_id",
  "language",
  "type",
  "payment_method_type",
  "test",
  "created_at",
  "updated_at",
  "paid_at",
  "redirect_url",
  "status_code",
  "credit_card",
  "three_d_secure_verification",
  "tokenization",
  "additional_data",
  "smart_routing_verification",
  "customer",
  "billing_address",
];
const ECHOED_REQUEST_FIELDS = [
  "amount",
  "currency",
  "description",
  "duplicate_check",
  "dynamic_billing_descriptor",
  "notification_url",
  "verification_url",
  "return_url",
  "skip_three_d_secure_verification",
  "force_three_d_secure_verification",
  "three_d_secure",
  "travel",
];
const SPEC_CARD_FIELDS = [
  "holder",
  "brand",
  "product",
  "last_4",
  "first_1",
  "bin",
  "bin_8",
  "issuer_country",
  "issuer_name",
  "exp_month",
  "exp_year",
  "stamp",
  "token",
  "token_provider",
];

const TRAVEL = {
  airline: {
    agency_code: "12345678",
    agency_name: "Sky Tours",
    ticket_number: "12345678901234",
    booking_number: "ABC123",
    restricted_ticked_indicator: "1",
    legs: [
      {
        airline_code: "BA",
        stop_over_code: "X",
        flight_number: "BA117",
        departure_date_time: "2030-06-01T10:15:00",
        arrival_date_time: "2030-06-01T13:05:00",
        originating_country: "GB",
        originating_city: "London",
        originating_airport_code: "LHR",
        destination_country: "US",
        destination_city: "New York",
        destination_airport_code: "JFK",
        coupon: "1",
        class: "Y",
      },
    ],
    passengers: [{ first_name: "John", last_name: "Doe" }],
  },
};

const FULL_REQUEST = {
  amount: "2599",
  currency: "EUR",
  description: "Order 42: two tickets",
  tracking_id: "order-42;invoice-7",
  duplicate_check: false,
  dynamic_billing_descriptor: "TESSERA*ORDER42",
  language: "de",
  notification_url: "https://merchant.example/notify",
  verification_url: "https://merchant.example/verify",
  return_url: "https://merchant.example/return?order=42",
  test: true,
  skip_three_d_secure_verification: true,
  force_three_d_secure_verification: true,
  three_d_secure: { advanced: true },
  additional_data: { receipt_text: ["Thank you", "See you soon"], contract: ["recurring", "oneclick"] },
  customer: { ip: "203.0.113.7", email: "jane@example.com", device_id: "device-1", birth_date: "1990-05-17" },
  billing_address: {
    first_name: "Jane",
    last_name: "Doe",
    address: "1 Main St",
    country: "US",
    city: "New York",
    zip: "10001",
    state: "NY",
    phone: "+1 212 555 0100",
  },
  travel: TRAVEL,
};

let gateway: TestGateway;
let shop: TestShop;
let liveShop: TestShop;
let seed = 200_000;
let merchant: WebhookReceiver;

beforeAll(async () => {
  gateway = await startTestGateway();
  // The merchant's verification_url is asked before a tokenization succeeds: a real local server approves.
  merchant = await startWebhookReceiver();
  FULL_REQUEST.verification_url = `${merchant.origin}/verify`;
  const cleared = { skip_three_d_secure_allowed: true, force_three_d_secure_allowed: true };
  [shop, liveShop] = await Promise.all([
    gateway.createShop(cleared),
    gateway.createShop(cleared, "Live Shop", { test: false }),
  ]);
});

afterAll(async () => {
  await gateway.close();
  await merchant.close();
});

async function tokenize(body: unknown, as: TestShop = shop): Promise<JsonBody> {
  const response = await postTokenization(gateway, as, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction;
}

const keys = (value: object) => Object.keys(value).sort();

describe("the transaction object", () => {
  let transaction: JsonBody;

  beforeAll(async () => {
    transaction = await tokenize(tokenizationRequest({ ...FULL_REQUEST }, { number: VISA, exp_month: "05" }));
  });

  it("has exactly the fields of the contract's transaction schema, including every field of the spec", () => {
    const tokenizationFields = keys(transactionSchema.shape).filter(
      (key) => !MONEY_ONLY_FIELDS.includes(key),
    );
    expect(keys(transaction)).toEqual(tokenizationFields);
    expect(keys(transaction)).toEqual([...SPEC_FIELDS, ...ECHOED_REQUEST_FIELDS].sort());
  });

  it("has every card, 3-D Secure and tokenization field", () => {
    expect(keys(transaction.credit_card)).toEqual(keys(transactionCreditCardSchema.shape));
    expect(keys(transaction.credit_card)).toEqual([...SPEC_CARD_FIELDS].sort());
    expect(keys(transaction.three_d_secure_verification)).toEqual(keys(threeDSecureVerificationSchema.shape));
    expect(keys(transaction.tokenization)).toEqual(["gateway_id", "message", "status"]);
    expect(keys(transaction.additional_data)).toEqual(["contract", "receipt_text"]);
    expect(keys(transaction.smart_routing_verification)).toEqual(["status"]);
    expect(keys(transaction.customer)).toEqual(["birth_date", "device_id", "email", "ip"]);
    expect(keys(transaction.billing_address)).toEqual(
      ["address", "city", "country", "first_name", "last_name", "phone", "state", "zip"].sort(),
    );
  });

  it("conforms to the published response schema", () => {
    const parsed = transactionResponseSchema.safeParse({ transaction });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it("reports the result of a successful tokenization", () => {
    expect(transaction).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      type: "tokenization",
      payment_method_type: "credit_card",
      paid_at: null,
      status_code: null,
      tokenization: { status: "successful", message: "Successfully processed", gateway_id: 1 },
      smart_routing_verification: { status: "skipped" },
    });
    expect(transaction.credit_card.token_provider).toBeNull();
    expect(Object.values(transaction.three_d_secure_verification)).toEqual(
      Object.keys(threeDSecureVerificationSchema.shape).map(() => null),
    );
  });

  it("has id equal to uid and a redirect_url under the public base URL", () => {
    expect(transaction.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(transaction.id).toBe(transaction.uid);
    expect(transaction.redirect_url).toBe(`http://localhost:3999/gateway/process/${transaction.uid}`);
  });

  it("has ISO 8601 timestamps with milliseconds and Z", () => {
    expect(transaction.created_at).toMatch(ISO_MILLISECONDS);
    expect(transaction.updated_at).toMatch(ISO_MILLISECONDS);
    expect(Math.abs(Date.parse(transaction.created_at) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(transaction.updated_at)).toBeGreaterThanOrEqual(Date.parse(transaction.created_at));
  });

  it("echoes the request's own parameters", () => {
    const { amount: _amount, ...asSent } = FULL_REQUEST;
    expect(transaction).toMatchObject({ ...asSent, amount: 2599 });
    expect(transaction.customer).toEqual(FULL_REQUEST.customer);
    expect(transaction.billing_address).toEqual(FULL_REQUEST.billing_address);
    expect(transaction.additional_data).toEqual(FULL_REQUEST.additional_data);
    expect(transaction.travel).toEqual(TRAVEL);
  });

  it("returns the expiry as integers and the holder as sent", () => {
    expect(transaction.credit_card.exp_month).toBe(5);
    expect(transaction.credit_card.exp_year).toBe(new Date().getUTCFullYear() + 2);
    expect(transaction.credit_card.holder).toBe("John Doe");
  });

  it("never contains the card number or the security code", async () => {
    const response = await gateway.call("/transactions/tokenizations", {
      shop,
      body: tokenizationRequest({ duplicate_check: false }, { number: AMEX, verification_value: "8642" }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(AMEX);
    // A 4-digit code may well occur inside a uid or a token, so compare whole values.
    const values: unknown[] = [];
    JSON.parse(text, (_key, value) => {
      values.push(value);
      return value;
    });
    expect(values).not.toContain("8642");
    expect(values).not.toContain(8642);
    expect(text).not.toContain("verification_value");
    expect(text).not.toContain('"number"');
    expect(JSON.stringify(transaction)).not.toContain(VISA);
  });
});

describe("nulls where a field does not apply", () => {
  it("is null for every optional parameter that was not sent", async () => {
    const transaction = await tokenize(
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++), holder: undefined }),
    );
    expect(transaction).toMatchObject({
      tracking_id: null,
      dynamic_billing_descriptor: null,
      notification_url: null,
      verification_url: null,
      return_url: null,
      customer: null,
      billing_address: null,
      travel: null,
      language: "en",
      duplicate_check: true,
      skip_three_d_secure_verification: false,
      force_three_d_secure_verification: false,
      three_d_secure: { advanced: false },
      additional_data: { receipt_text: [], contract: [] },
      credit_card: { holder: null },
    });
  });

  it("fills the customer and billing address fields that were not sent with null", async () => {
    const transaction = await tokenize(
      tokenizationRequest(
        { customer: { email: "jane@example.com" }, billing_address: { country: "DE" } },
        { number: uniqueVisaNumber(seed++) },
      ),
    );
    expect(transaction.customer).toEqual({
      ip: null,
      email: "jane@example.com",
      device_id: null,
      birth_date: null,
    });
    expect(transaction.billing_address).toEqual({
      first_name: null,
      last_name: null,
      address: null,
      country: "DE",
      city: null,
      zip: null,
      state: null,
      phone: null,
    });
  });

  it("echoes partial travel data with every travel field present, null when not sent", async () => {
    const transaction = await tokenize(
      tokenizationRequest(
        { travel: { airline: { ticket_number: "12345678901234", legs: [{ airline_code: "BA" }] } } },
        { number: uniqueVisaNumber(seed++) },
      ),
    );
    const parsed = transactionResponseSchema.safeParse({ transaction });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."))).toEqual([]);
    expect(transaction.travel.airline).toMatchObject({
      agency_code: null,
      ticket_number: "12345678901234",
      restricted_ticked_indicator: null,
      passengers: [],
    });
    expect(transaction.travel.airline.legs[0]).toMatchObject({ airline_code: "BA", flight_number: null });
  });
});

describe("card details", () => {
  it.each([
    [
      VISA,
      {
        brand: "visa",
        bin: "420000",
        bin_8: "42000000",
        last_4: "0000",
        first_1: "4",
        issuer_country: "US",
        issuer_name: "Tessera Sandbox Bank",
        product: "F",
      },
    ],
    [
      AMEX,
      {
        brand: "amex",
        bin: "378282",
        bin_8: null,
        last_4: "0005",
        first_1: "3",
        issuer_country: "US",
        issuer_name: "Sandbox Federal Bank",
        product: null,
      },
    ],
    [
      MASTERCARD,
      {
        brand: "master",
        bin: "555555",
        bin_8: "55555555",
        last_4: "4444",
        first_1: "5",
        issuer_country: "US",
        issuer_name: "Sandbox Federal Bank",
        product: "MCW",
      },
    ],
    [
      uniqueVisaNumber(98_765_432_101_234),
      {
        brand: "visa",
        bin: "498765",
        bin_8: "49876543",
        first_1: "4",
        issuer_country: null,
        issuer_name: null,
        product: null,
      },
    ],
  ])("describes %s", async (number, expected) => {
    const code = number.startsWith("3") ? "1234" : "123";
    const transaction = await tokenize(
      tokenizationRequest({ amount: 1000 + seed++ }, { number, verification_value: code }),
    );
    expect(transaction.credit_card).toMatchObject(expected);
  });

  it("keeps the stamp when the expiry or holder changes, and changes it with the number", async () => {
    const number = uniqueVisaNumber(seed++);
    const first = await tokenize(
      tokenizationRequest({ amount: 100 }, { number, exp_month: "01", exp_year: "2031", holder: "Jane Doe" }),
    );
    const second = await tokenize(
      tokenizationRequest({ amount: 101 }, { number, exp_month: "12", exp_year: "2034", holder: "J. Doe" }),
    );
    const other = await tokenize(tokenizationRequest({ amount: 100 }, { number: uniqueVisaNumber(seed++) }));
    expect(first.credit_card.stamp).toMatch(HEX_64);
    expect(second.credit_card.stamp).toBe(first.credit_card.stamp);
    expect(other.credit_card.stamp).toMatch(HEX_64);
    expect(other.credit_card.stamp).not.toBe(first.credit_card.stamp);
  });

  it("issues a new 64-hex token on every tokenization, even of the same card", async () => {
    const number = uniqueVisaNumber(seed++);
    const tokens = [];
    for (const amount of [100, 200, 300]) {
      tokens.push((await tokenize(tokenizationRequest({ amount }, { number }))).credit_card.token);
    }
    for (const token of tokens) expect(token).toMatch(HEX_64);
    expect(new Set(tokens).size).toBe(3);
  });
});

describe("declines", () => {
  it("answers 200 with a failed transaction and no token for the sandbox decline card", async () => {
    const transaction = await tokenize(tokenizationRequest({}, { number: DECLINED }));
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Card declined",
      tokenization: { status: "failed", message: "Card declined" },
      credit_card: { token: null, last_4: "0019", brand: "visa" },
    });
    const stored = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
    expect(stored.body.transaction).toEqual(transaction);
  });

  it("declines security code 222", async () => {
    const transaction = await tokenize(
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++), verification_value: "222" }),
    );
    expect(transaction).toMatchObject({
      status: "failed",
      message: "Security code does not match",
      tokenization: { status: "failed", message: "Security code does not match" },
      credit_card: { token: null },
    });
  });

  it.each(["111", "333", "444", "555"])("accepts the other test security code %s", async (code) => {
    const transaction = await tokenize(
      tokenizationRequest({}, { number: uniqueVisaNumber(seed++), verification_value: code }),
    );
    expect(transaction.status).toBe("successful");
    expect(transaction.credit_card.token).toMatch(HEX_64);
  });
});

describe("the test flag", () => {
  it("is true for every transaction of a test-mode shop", async () => {
    const transaction = await tokenize(
      tokenizationRequest({ test: false }, { number: uniqueVisaNumber(seed++) }),
      shop,
    );
    expect(transaction.test).toBe(true);
  });

  it("follows the request for a live shop, false by default", async () => {
    const number = uniqueVisaNumber(seed++);
    const byDefault = await tokenize(tokenizationRequest({ amount: 100 }, { number }), liveShop);
    const asTest = await tokenize(tokenizationRequest({ amount: 200, test: true }, { number }), liveShop);
    expect(byDefault.test).toBe(false);
    expect(asTest.test).toBe(true);
  });
});
