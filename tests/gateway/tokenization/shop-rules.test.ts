import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRABLE_FIELDS } from "@/lib/contracts/shop-settings";
import { BRAND_NOT_ACCEPTED } from "@/lib/gateway/cards/accepted-brand";
import {
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

let gateway: TestGateway;
// Shops are created once: each one generates an RSA key pair, which is what a test here would mostly wait for.
let plain: TestShop;
let threeDSecure: TestShop;
let skipCleared: TestShop;
let forceCleared: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  plain = await gateway.createShop();
  threeDSecure = await gateway.createShop({ three_d_secure: true });
  skipCleared = await gateway.createShop({ skip_three_d_secure_allowed: true });
  forceCleared = await gateway.createShop({ force_three_d_secure_allowed: true });
});

afterAll(async () => {
  await gateway.close();
});

/** Shop rules are what is under test; the duplicate check would only get in the way. */
function request(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  return tokenizationRequest({ duplicate_check: false, ...overrides }, card);
}

function outcome(response: JsonResponse) {
  return { status: response.status, body: response.body };
}

describe("required fields", () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await gateway.createShop({
      required_fields: ["credit_card.verification_value", "billing_address.country", "customer.email"],
    });
  });

  it("reports a required field that is present but invalid by its own rule only", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      request({ billing_address: { country: "DE" }, customer: { email: "not-an-email" } }),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: { message: "Email is invalid", errors: { customer: { email: ["is invalid"] } } },
    });
  });

  it("reports a required field inside a group that is not an object next to the group's own error", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      request({ billing_address: "Berlin", customer: { email: "jane@example.com" } }),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: "Billing address must be an object. Country can't be blank",
        errors: { billing_address: { base: ["must be an object"], country: ["can't be blank"] } },
      },
    });
  });

  it("reports every missing required field as blank, at its own path", async () => {
    const response = await postTokenization(gateway, shop, request({}, { verification_value: undefined }));
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: "Verification value can't be blank. Country can't be blank. Email can't be blank",
        errors: {
          credit_card: { verification_value: ["can't be blank"] },
          billing_address: { country: ["can't be blank"] },
          customer: { email: ["can't be blank"] },
        },
      },
    });
  });

  it("treats null and whitespace as missing", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      request(
        { billing_address: { country: null, city: "Berlin" }, customer: { email: null, ip: "203.0.113.7" } },
        { verification_value: null },
      ),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: "Verification value can't be blank. Country can't be blank. Email can't be blank",
        errors: {
          credit_card: { verification_value: ["can't be blank"] },
          billing_address: { country: ["can't be blank"] },
          customer: { email: ["can't be blank"] },
        },
      },
    });
  });

  it("reports only the field that is still missing", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      request({ billing_address: { country: "DE" } }, { verification_value: "123" }),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: { message: "Email can't be blank", errors: { customer: { email: ["can't be blank"] } } },
    });
  });

  it("accepts the request when every required field is present", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      request({ billing_address: { country: "DE" }, customer: { email: "jane@example.com" } }),
    );
    expect(response.status).toBe(200);
  });

  it("can require every conditional field of the spec", async () => {
    const strict = await gateway.createShop({ required_fields: [...REQUIRABLE_FIELDS] });
    const bare = await postTokenization(
      gateway,
      strict,
      request({}, { verification_value: undefined, holder: undefined }),
    );
    expect(bare.status).toBe(422);
    const reported = REQUIRABLE_FIELDS.map((field) => {
      const [group, name] = field.split(".");
      return bare.body.errors[group]?.[name];
    });
    expect(reported).toEqual(REQUIRABLE_FIELDS.map(() => ["can't be blank"]));

    const complete = await postTokenization(
      gateway,
      strict,
      request({
        customer: {
          ip: "203.0.113.7",
          email: "jane@example.com",
          device_id: "dev-1",
          birth_date: "1990-05-17",
        },
        billing_address: {
          first_name: "Jane",
          last_name: "Doe",
          country: "US",
          city: "New York",
          state: "NY",
          zip: "10001",
          address: "1 Main St",
          phone: "+1 212 555 0100",
        },
      }),
    );
    expect(complete.status).toBe(200);
  });
});

describe("3-D Secure shops", () => {
  it("require return_url", async () => {
    const shop = threeDSecure;
    const missing = await postTokenization(gateway, shop, request());
    expect(outcome(missing)).toEqual({
      status: 422,
      body: { message: "Return url can't be blank", errors: { return_url: ["can't be blank"] } },
    });
    const present = await postTokenization(
      gateway,
      shop,
      request({ return_url: "https://merchant.example/return" }),
    );
    expect(present.status).toBe(200);
  });

  it("do not accept an invalid return_url in its place, and report it once", async () => {
    const response = await postTokenization(gateway, threeDSecure, request({ return_url: "/return" }));
    expect(outcome(response)).toEqual({
      status: 422,
      body: { message: "Return url is invalid", errors: { return_url: ["is invalid"] } },
    });
  });

  it("without 3-D Secure do not need return_url", async () => {
    expect((await postTokenization(gateway, plain, request())).status).toBe(200);
  });
});

describe("skip and force flags", () => {
  const flags: [string, string, () => TestShop][] = [
    ["skip_three_d_secure_verification", "Skip three d secure verification", () => skipCleared],
    ["force_three_d_secure_verification", "Force three d secure verification", () => forceCleared],
  ];

  it.each(flags)("%s: true is not allowed for a shop not cleared for it", async (flag, label) => {
    const response = await postTokenization(gateway, plain, request({ [flag]: true }));
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: `${label} is not allowed for this shop`,
        errors: { [flag]: ["is not allowed for this shop"] },
      },
    });
  });

  it.each(flags)("%s: false is fine for any shop", async (flag) => {
    const response = await postTokenization(gateway, plain, request({ [flag]: false }));
    expect(response.status).toBe(200);
    expect(response.body.transaction[flag]).toBe(false);
  });

  it.each(flags)("%s: true is accepted and echoed for a cleared shop", async (flag, _label, cleared) => {
    const response = await postTokenization(gateway, cleared(), request({ [flag]: true }));
    expect(response.status).toBe(200);
    expect(response.body.transaction[flag]).toBe(true);
  });

  it("clearance for one flag does not clear the other", async () => {
    const response = await postTokenization(
      gateway,
      skipCleared,
      request({ skip_three_d_secure_verification: true, force_three_d_secure_verification: true }),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: "Force three d secure verification is not allowed for this shop",
        errors: { force_three_d_secure_verification: ["is not allowed for this shop"] },
      },
    });
  });
});

describe("shop rules and field rules together", () => {
  it("are reported in one response", async () => {
    const shop = await gateway.createShop({ three_d_secure: true, required_fields: ["customer.email"] });
    const response = await postTokenization(
      gateway,
      shop,
      request(
        { amount: 0, customer: { ip: "999.1.1.1" }, skip_three_d_secure_verification: true },
        { number: "4200000000000001" },
      ),
    );
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message:
          "Amount must be greater than 0. Number is invalid. Ip address is invalid. Email can't be blank. " +
          "Return url can't be blank. Skip three d secure verification is not allowed for this shop",
        errors: {
          amount: ["must be greater than 0"],
          credit_card: { number: ["is invalid"] },
          customer: { ip: ["address is invalid"], email: ["can't be blank"] },
          return_url: ["can't be blank"],
          skip_three_d_secure_verification: ["is not allowed for this shop"],
        },
      },
    });
  });
});

describe("accepted brands", () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await gateway.createShop({ accepted_brands: ["visa", "master"] });
  });

  it("refuses a card of another brand on a tokenization, naming the number", async () => {
    const response = await postTokenization(gateway, shop, request({}, { number: "3530111333300000" }));
    expect(outcome(response)).toEqual({
      status: 422,
      body: {
        message: `Number ${BRAND_NOT_ACCEPTED}`,
        errors: { credit_card: { number: [BRAND_NOT_ACCEPTED] } },
      },
    });
  });

  it("refuses it on a payment too, and takes an accepted brand", async () => {
    const refused = await postPayment(
      gateway,
      shop,
      paymentRequest({}, { number: "378282246310005", verification_value: "1234" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ credit_card: { number: [BRAND_NOT_ACCEPTED] } });
    const taken = await postTokenization(gateway, shop, request({}, { number: "5555555555554444" }));
    expect(taken.status).toBe(200);
    expect(taken.body.transaction.status).toBe("successful");
  });

  it("a shop taking every brand takes them all, as before the setting", async () => {
    const response = await postTokenization(gateway, plain, request({}, { number: "3530111333300000" }));
    expect(response.status).toBe(200);
  });
});
