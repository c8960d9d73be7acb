import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorTree } from "@/lib/contracts/errors";
import { LANGUAGES } from "@/lib/contracts/languages";
import {
  expiryMonthsFromNow,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

const AMEX = "378282246310005";

let gateway: TestGateway;
let shop: TestShop;
let seed = 100_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

/** Most cases reuse one card; the duplicate check is not what they are about. */
function request(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  return tokenizationRequest({ duplicate_check: false, ...overrides }, card);
}

async function expectAccepted(body: unknown) {
  const response = await postTokenization(gateway, shop, body);
  expect(response.body).toHaveProperty("transaction");
  expect(response.status).toBe(200);
  return response.body.transaction;
}

async function expectRejected(body: unknown, errors: ErrorTree, message: string) {
  const response = await postTokenization(gateway, shop, body);
  expect({ status: response.status, body: response.body }).toEqual({
    status: 422,
    body: { message, errors },
  });
}

/** `{a: {b: leaf}}` for path ["a", "b"]. */
function nest(path: readonly string[], leaf: unknown): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>(
    (inner, key) => ({ [key]: inner }),
    leaf as never,
  ) as never;
}

describe("length limits", () => {
  // [path in the request, limit, humanised field name]
  const limits: [string[], number, string][] = [
    [["description"], 255, "Description"],
    [["tracking_id"], 255, "Tracking id"],
    [["credit_card", "holder"], 35, "Holder"],
    [["billing_address", "first_name"], 30, "First name"],
    [["billing_address", "last_name"], 30, "Last name"],
    [["billing_address", "city"], 60, "City"],
    [["billing_address", "address"], 255, "Address"],
    [["billing_address", "phone"], 100, "Phone"],
  ];

  function withValue(path: string[], value: string) {
    if (path[0] === "credit_card") return request({}, { [path[1]]: value });
    return request(nest(path, value));
  }

  it.each(limits)("%j accepts %i characters and echoes them", async (path, max) => {
    const value = "x".repeat(max);
    const transaction = await expectAccepted(withValue(path, value));
    expect(path.reduce((node, key) => node[key], transaction)).toBe(value);
  });

  it.each(limits)("%j rejects %i + 1 characters", async (path, max, label) => {
    const message = `is too long (maximum is ${max} characters)`;
    await expectRejected(
      withValue(path, "x".repeat(max + 1)),
      nest(path, [message]) as ErrorTree,
      `${label} ${message}`,
    );
  });
});

describe("length limits in characters", () => {
  // Characters outside the Basic Multilingual Plane take two UTF-16 code units each; a limit in characters
  // counts them once, as the message says.
  it("accepts 255 characters outside the BMP in the description", async () => {
    const description = "🍕".repeat(255);
    expect((await expectAccepted(request({ description }))).description).toBe(description);
  });

  it("rejects 256 of them", async () => {
    await expectRejected(
      request({ description: "🍕".repeat(256) }),
      { description: ["is too long (maximum is 255 characters)"] },
      "Description is too long (maximum is 255 characters)",
    );
  });

  it("accepts a holder of 35 accented characters", async () => {
    const holder = "é".repeat(35);
    expect((await expectAccepted(request({}, { holder }))).credit_card.holder).toBe(holder);
  });
});

describe("credit_card.number", () => {
  it.each([12, 13, 15, 16, 19])("accepts a Luhn-valid number of %i digits", async (digits) => {
    const number = uniqueVisaNumber(seed++, digits);
    expect(number).toHaveLength(digits);
    const transaction = await expectAccepted(request({}, { number }));
    expect(transaction.credit_card.last_4).toBe(number.slice(-4));
  });

  it.each([
    ["11 digits", uniqueVisaNumber(1, 11), "is too short (minimum is 12 digits)"],
    ["20 digits", uniqueVisaNumber(1, 20), "is too long (maximum is 19 digits)"],
    ["a Luhn failure", "4200000000000001", "is invalid"],
    ["spaces", "4200 0000 0000 0000", "is invalid"],
    ["letters", "42000000000000ab", "is invalid"],
    ["dashes", "4200-0000-0000-0000", "is invalid"],
    ["an empty string", "", "can't be blank"],
    ["a JSON number", 4200000000000000, "must be a string"],
  ])("rejects %s", async (_name, number, message) => {
    await expectRejected(
      request({}, { number }),
      { credit_card: { number: [message] } },
      `Number ${message}`,
    );
  });

  it("is required", async () => {
    await expectRejected(
      request({}, { number: undefined }),
      { credit_card: { number: ["can't be blank"] } },
      "Number can't be blank",
    );
  });
});

describe("expiry", () => {
  const year = String(new Date().getUTCFullYear() + 2);

  it.each([1, 12, "1", "01", "9", "12"])(
    "accepts exp_month %j and returns it as an integer",
    async (month) => {
      const transaction = await expectAccepted(request({}, { exp_month: month, exp_year: year }));
      expect(transaction.credit_card.exp_month).toBe(Number(month));
    },
  );

  it.each([0, 13, "0", "00", "13", "1a", "001", " 1", 1.5, true])("rejects exp_month %j", async (month) => {
    await expectRejected(
      request({}, { exp_month: month, exp_year: year }),
      { credit_card: { exp_month: ["is invalid"] } },
      "Exp month is invalid",
    );
  });

  it.each([year, Number(year)])("accepts exp_year %j and returns it as an integer", async (expYear) => {
    const transaction = await expectAccepted(request({}, { exp_month: "6", exp_year: expYear }));
    expect(transaction.credit_card.exp_year).toBe(Number(year));
  });

  it.each(["30", "203", "20301", "abcd", " 2030", 30, 20301, 2030.5])(
    "rejects exp_year %j",
    async (expYear) => {
      await expectRejected(
        request({}, { exp_month: "6", exp_year: expYear }),
        { credit_card: { exp_year: ["is invalid"] } },
        "Exp year is invalid",
      );
    },
  );

  it("reports a missing expiry at each field, in field order", async () => {
    await expectRejected(
      request({}, { exp_month: undefined, exp_year: undefined }),
      { credit_card: { exp_month: ["can't be blank"], exp_year: ["can't be blank"] } },
      "Exp month can't be blank. Exp year can't be blank",
    );
  });

  it("rejects a card that expired last month with the full sentence", async () => {
    await expectRejected(
      request({}, expiryMonthsFromNow(-1)),
      { credit_card: { exp_year: ["Date is expired"] } },
      "Date is expired",
    );
  });

  it("accepts a card that expires this month", async () => {
    const expiry = expiryMonthsFromNow(0);
    const transaction = await expectAccepted(request({}, expiry));
    expect(transaction.credit_card).toMatchObject({
      exp_month: Number(expiry.exp_month),
      exp_year: Number(expiry.exp_year),
    });
  });
});

describe("credit_card.verification_value", () => {
  it.each([
    ["Visa", "4200000000000000", "123"],
    ["Visa", "4200000000000000", "000"],
    ["American Express", AMEX, "1234"],
  ])("accepts for %s (%s) the code %s", async (_brand, number, code) => {
    await expectAccepted(request({}, { number, verification_value: code }));
  });

  it.each([
    ["Visa", "4200000000000000", "1234"],
    ["Visa", "4200000000000000", "12"],
    ["Visa", "4200000000000000", "12a"],
    ["American Express", AMEX, "123"],
    ["American Express", AMEX, "12345"],
  ])("rejects for %s (%s) the code %s", async (_brand, number, code) => {
    await expectRejected(
      request({}, { number, verification_value: code }),
      { credit_card: { verification_value: ["is invalid"] } },
      "Verification value is invalid",
    );
  });

  it("is optional for a shop that does not require it", async () => {
    await expectAccepted(request({}, { verification_value: undefined }));
  });
});

describe("amount", () => {
  it.each([
    [1, 1],
    [100, 100],
    ["100", 100],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])("accepts %j and returns %j", async (amount, expected) => {
    const transaction = await expectAccepted(request({ amount }));
    expect(transaction.amount).toBe(expected);
  });

  it.each([
    [0, "must be greater than 0"],
    [-1, "must be greater than 0"],
    ["-1", "must be greater than 0"],
    [1.5, "must be an integer"],
    ["1.5", "must be an integer"],
    ["abc", "is not a number"],
    [true, "is not a number"],
    [{}, "is not a number"],
    ["", "can't be blank"],
    [null, "can't be blank"],
    [Number.MAX_SAFE_INTEGER + 1, "must be less than or equal to 9007199254740991"],
  ])("rejects %j", async (amount, message) => {
    await expectRejected(request({ amount }), { amount: [message] }, `Amount ${message}`);
  });
});

describe("currency", () => {
  it.each(["EUR", "USD", "JPY"])("accepts %s", async (currency) => {
    expect((await expectAccepted(request({ currency }))).currency).toBe(currency);
  });

  it.each(["usd", "XXX", "EURO", "US", 840])("rejects %j", async (currency) => {
    await expectRejected(request({ currency }), { currency: ["is invalid"] }, "Currency is invalid");
  });

  it.each([undefined, "", null])("requires it (%j)", async (currency) => {
    await expectRejected(request({ currency }), { currency: ["can't be blank"] }, "Currency can't be blank");
  });
});

describe("description", () => {
  it.each([undefined, "", "   ", null])("is required (%j)", async (description) => {
    await expectRejected(
      request({ description }),
      { description: ["can't be blank"] },
      "Description can't be blank",
    );
  });
});

describe("language", () => {
  it("accepts every checkout language and echoes it", async () => {
    expect(LANGUAGES).toEqual(
      expect.arrayContaining(["en", "es", "tr", "de", "it", "ru", "zh", "fr", "da", "sv", "no", "fi", "pl"]),
    );
    expect(LANGUAGES).toEqual(expect.arrayContaining(["ja", "be", "uk", "ka", "ro", "ar", "he"]));
    expect(LANGUAGES).toEqual(
      expect.arrayContaining(["pt", "nl", "ko", "fa", "cs", "sk", "sl", "hr", "sr", "bg", "hu", "el"]),
    );
    expect(LANGUAGES).toEqual(expect.arrayContaining(["et", "lv", "lt", "hy", "kk", "vi", "th", "id"]));
    expect(LANGUAGES).toHaveLength(40);
    for (const language of LANGUAGES) {
      const transaction = await expectAccepted(request({ language }));
      expect(transaction.language, language).toBe(language);
    }
  });

  it("defaults to en", async () => {
    expect((await expectAccepted(request())).language).toBe("en");
  });

  it.each(["xx", "EN", "en-US", ""])("rejects %j", async (language) => {
    await expectRejected(
      request({ language }),
      { language: ["is not included in the list"] },
      "Language is not included in the list",
    );
  });
});

describe("URLs", () => {
  const fields: [string, string][] = [
    ["notification_url", "Notification url"],
    ["verification_url", "Verification url"],
    ["return_url", "Return url"],
  ];

  it.each(fields)("%s accepts absolute http and https URLs", async (field) => {
    for (const url of ["https://merchant.example/hooks/tessera?order=42", "http://merchant.example:8080/x"]) {
      expect((await expectAccepted(request({ [field]: url })))[field]).toBe(url);
    }
  });

  it.each(
    fields.flatMap(([field, label]) =>
      ["ftp://merchant.example/x", "/relative/path", "not a url", "https://", "http:merchant.example"].map(
        (url) => [field, url, label] as const,
      ),
    ),
  )("%s rejects %j", async (field, url, label) => {
    await expectRejected(request({ [field]: url }), { [field]: ["is invalid"] }, `${label} is invalid`);
  });
});

describe("customer", () => {
  it.each(["203.0.113.7", "0.0.0.0", "2001:db8::1", "::1", "::ffff:192.0.2.1"])(
    "accepts ip %s",
    async (ip) => {
      expect((await expectAccepted(request({ customer: { ip } }))).customer.ip).toBe(ip);
    },
  );

  it.each(["999.1.1.1", "1.2.3", "01.2.3.4", "2001:db8:::1", "example.com"])("rejects ip %s", async (ip) => {
    await expectRejected(
      request({ customer: { ip } }),
      { customer: { ip: ["address is invalid"] } },
      "Ip address is invalid",
    );
  });

  it("accepts an e-mail address and rejects a malformed one", async () => {
    expect((await expectAccepted(request({ customer: { email: "jane@example.com" } }))).customer.email).toBe(
      "jane@example.com",
    );
    for (const email of ["not-an-email", "jane@", "@example.com"]) {
      await expectRejected(
        request({ customer: { email } }),
        { customer: { email: ["is invalid"] } },
        "Email is invalid",
      );
    }
  });

  it.each(["1990-05-17", "2024-02-29"])("accepts birth_date %s", async (birthDate) => {
    expect((await expectAccepted(request({ customer: { birth_date: birthDate } }))).customer.birth_date).toBe(
      birthDate,
    );
  });

  it.each(["2023-02-29", "2024-04-31", "1990-13-01", "17.05.1990", "1990-5-17"])(
    "rejects birth_date %s",
    async (birthDate) => {
      await expectRejected(
        request({ customer: { birth_date: birthDate } }),
        { customer: { birth_date: ["is invalid"] } },
        "Birth date is invalid",
      );
    },
  );

  it("rejects a birth date in the future", async () => {
    await expectRejected(
      request({ customer: { birth_date: "2999-01-01" } }),
      { customer: { birth_date: ["can't be in the future"] } },
      "Birth date can't be in the future",
    );
  });
});

describe("billing_address", () => {
  it.each([
    { country: "DE", zip: "10115", city: "Berlin" },
    { country: "GB", zip: "SW1A 1AA" },
    { country: "US", state: "NY", zip: "12345" },
    { country: "US", state: "CA", zip: "12345-6789" },
    { country: "CA", state: "ON", zip: "K1A 0B1" },
    { country: "DE", state: "" },
  ])("accepts %j and echoes it", async (address) => {
    const transaction = await expectAccepted(request({ billing_address: address }));
    expect(transaction.billing_address).toMatchObject(address);
  });

  it.each(["de", "DEU", "XK", "ZZ", "", 276])("rejects country %j", async (country) => {
    await expectRejected(
      request({ billing_address: { country } }),
      { billing_address: { country: ["is invalid"] } },
      "Country is invalid",
    );
  });

  it.each([
    [{ country: "US", state: "NY", zip: "1234" }, { zip: ["is invalid"] }, "Zip is invalid"],
    [{ country: "US", zip: "123456" }, { zip: ["is invalid"] }, "Zip is invalid"],
    [{ country: "US", zip: "12345-678" }, { zip: ["is invalid"] }, "Zip is invalid"],
    [{ country: "US", state: "ZZ" }, { state: ["is invalid"] }, "State is invalid"],
    [{ country: "CA", state: "NY" }, { state: ["is invalid"] }, "State is invalid"],
    [
      { country: "DE", state: "BY" },
      { state: ["is only allowed when country is US or CA"] },
      "State is only allowed when country is US or CA",
    ],
    [
      { state: "NY" },
      { state: ["is only allowed when country is US or CA"] },
      "State is only allowed when country is US or CA",
    ],
  ])("rejects %j", async (address, errors, message) => {
    await expectRejected(request({ billing_address: address }), { billing_address: errors }, message);
  });
});

describe("travel", () => {
  const leg = {
    airline_code: "BA",
    stop_over_code: "O",
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
  };
  const airline = {
    agency_code: "12345678",
    agency_name: "Sky Tours",
    ticket_number: "12345678901234",
    booking_number: "ABC123",
    restricted_ticked_indicator: "0",
    legs: [leg],
    passengers: [{ first_name: "John", last_name: "Doe" }],
  };
  const withAirline = (changes: Record<string, unknown>) =>
    request({ travel: { airline: { ...airline, ...changes } } });
  const withLeg = (changes: Record<string, unknown>) => withAirline({ legs: [leg, { ...leg, ...changes }] });

  it("accepts complete airline data", async () => {
    await expectAccepted(request({ travel: { airline } }));
  });

  it.each([
    { airline_code: "U2" },
    { stop_over_code: "X" },
    { stop_over_code: "" },
    { class: "J" },
    { departure_date_time: "2030-12-31T23:59:59" },
  ])("accepts a leg with %j", async (changes) => {
    await expectAccepted(withLeg(changes));
  });

  it.each([{ restricted_ticked_indicator: "1" }, { agency_code: "1234567" }])(
    "accepts airline data with %j",
    async (changes) => {
      await expectAccepted(withAirline(changes));
    },
  );

  it.each(["1234567890123", "123456789012345", "1234567890123a"])(
    "rejects ticket_number %s",
    async (ticket) => {
      await expectRejected(
        withAirline({ ticket_number: ticket }),
        { travel: { airline: { ticket_number: ["is invalid"] } } },
        "Ticket number is invalid",
      );
    },
  );

  it.each([
    ["originating_airport_code", "lhr", "is invalid", "Originating airport code is invalid"],
    ["originating_airport_code", "LH", "is invalid", "Originating airport code is invalid"],
    ["destination_airport_code", "JFKX", "is invalid", "Destination airport code is invalid"],
    ["airline_code", "B", "is invalid", "Airline code is invalid"],
    ["airline_code", "BAW", "is invalid", "Airline code is invalid"],
    ["airline_code", "12", "is invalid", "Airline code is invalid"],
    ["airline_code", "ba", "is invalid", "Airline code is invalid"],
    ["departure_date_time", "2030-06-01 10:15:00", "is invalid", "Departure date time is invalid"],
    ["departure_date_time", "2030-06-01T10:15", "is invalid", "Departure date time is invalid"],
    ["arrival_date_time", "2030-06-01T13:05:00Z", "is invalid", "Arrival date time is invalid"],
    ["arrival_date_time", "2030-02-30T10:00:00", "is invalid", "Arrival date time is invalid"],
    ["arrival_date_time", "2030-06-01T24:00:00", "is invalid", "Arrival date time is invalid"],
    ["stop_over_code", "Y", "is not included in the list", "Stop over code is not included in the list"],
    ["class", "YY", "is invalid", "Class is invalid"],
    ["originating_country", "UK", "is invalid", "Originating country is invalid"],
  ])("rejects in the second leg %s %j", async (field, value, error, message) => {
    await expectRejected(
      withLeg({ [field]: value }),
      { travel: { airline: { legs: { "1": { [field]: [error] } } } } },
      message,
    );
  });

  it.each(["2", "yes", 0])("rejects restricted_ticked_indicator %j", async (value) => {
    await expectRejected(
      withAirline({ restricted_ticked_indicator: value }),
      { travel: { airline: { restricted_ticked_indicator: ["is not included in the list"] } } },
      "Restricted ticked indicator is not included in the list",
    );
  });

  it("rejects legs that are not an array", async () => {
    await expectRejected(
      withAirline({ legs: leg }),
      { travel: { airline: { legs: ["must be an array"] } } },
      "Legs must be an array",
    );
  });
});

describe("additional_data, three_d_secure and flags", () => {
  it("accepts every contract value and echoes them", async () => {
    const transaction = await expectAccepted(
      request({ additional_data: { contract: ["recurring", "oneclick", "credit"] } }),
    );
    expect(transaction.additional_data.contract).toEqual(["recurring", "oneclick", "credit"]);
  });

  it("drops repeated contract values", async () => {
    const transaction = await expectAccepted(
      request({ additional_data: { contract: ["recurring", "recurring"] } }),
    );
    expect(transaction.additional_data.contract).toEqual(["recurring"]);
  });

  it.each([
    [["foo"], { "0": ["is not included in the list"] }, "Contract is not included in the list"],
    [
      ["recurring", "Oneclick"],
      { "1": ["is not included in the list"] },
      "Contract is not included in the list",
    ],
    ["recurring", ["must be an array"], "Contract must be an array"],
  ])("rejects contract %j", async (contract, errors, message) => {
    await expectRejected(
      request({ additional_data: { contract } }),
      { additional_data: { contract: errors as ErrorTree } } as ErrorTree,
      message,
    );
  });

  it("accepts receipt_text lines and echoes them", async () => {
    const lines = ["Thank you for your order", "Order 42"];
    const transaction = await expectAccepted(request({ additional_data: { receipt_text: lines } }));
    expect(transaction.additional_data.receipt_text).toEqual(lines);
  });

  it.each([
    ["Thank you", ["must be an array"], "Receipt text must be an array"],
    [["ok", 42], { "1": ["must be a string"] }, "Receipt text must be a string"],
  ])("rejects receipt_text %j", async (receiptText, errors, message) => {
    await expectRejected(
      request({ additional_data: { receipt_text: receiptText } }),
      { additional_data: { receipt_text: errors as ErrorTree } } as ErrorTree,
      message,
    );
  });

  it("accepts three_d_secure.advanced as a boolean", async () => {
    const transaction = await expectAccepted(request({ three_d_secure: { advanced: true } }));
    expect(transaction.three_d_secure).toEqual({ advanced: true });
  });

  it.each(["true", 1, "yes"])("rejects three_d_secure.advanced %j", async (advanced) => {
    await expectRejected(
      request({ three_d_secure: { advanced } }),
      { three_d_secure: { advanced: ["must be true or false"] } },
      "Advanced must be true or false",
    );
  });

  it.each([
    ["test", "Test"],
    ["duplicate_check", "Duplicate check"],
    ["skip_three_d_secure_verification", "Skip three d secure verification"],
    ["force_three_d_secure_verification", "Force three d secure verification"],
  ])("rejects a non-boolean %s", async (field, label) => {
    await expectRejected(
      request({ [field]: "true" }),
      { [field]: ["must be true or false"] },
      `${label} must be true or false`,
    );
  });

  it.each([
    ["customer", "Customer"],
    ["billing_address", "Billing address"],
    ["travel", "Travel"],
    ["additional_data", "Additional data"],
    ["three_d_secure", "Three d secure"],
  ])("rejects %s that is not an object", async (field, label) => {
    await expectRejected(
      request({ [field]: "x" }),
      { [field]: ["must be an object"] },
      `${label} must be an object`,
    );
  });
});

describe("null and unknown fields", () => {
  it("accepts JSON null for every optional field", async () => {
    const transaction = await expectAccepted(
      tokenizationRequest(
        {
          tracking_id: null,
          duplicate_check: null,
          dynamic_billing_descriptor: null,
          language: null,
          notification_url: null,
          verification_url: null,
          return_url: null,
          test: null,
          skip_three_d_secure_verification: null,
          force_three_d_secure_verification: null,
          three_d_secure: null,
          additional_data: null,
          customer: null,
          billing_address: null,
          travel: null,
        },
        { number: uniqueVisaNumber(seed++), verification_value: null, holder: null, token: null },
      ),
    );
    expect(transaction).toMatchObject({
      tracking_id: null,
      duplicate_check: true,
      dynamic_billing_descriptor: null,
      language: "en",
      notification_url: null,
      verification_url: null,
      return_url: null,
      skip_three_d_secure_verification: false,
      force_three_d_secure_verification: false,
      three_d_secure: { advanced: false },
      additional_data: { receipt_text: [], contract: [] },
      customer: null,
      billing_address: null,
      travel: null,
      credit_card: { holder: null },
    });
  });

  it("accepts JSON null for every optional field of the nested objects", async () => {
    const legOfNulls = Object.fromEntries(
      [
        "airline_code",
        "stop_over_code",
        "flight_number",
        "departure_date_time",
        "arrival_date_time",
        "originating_country",
        "originating_city",
        "originating_airport_code",
        "destination_country",
        "destination_city",
        "destination_airport_code",
        "coupon",
        "class",
      ].map((key) => [key, null]),
    );
    const transaction = await expectAccepted(
      request({
        three_d_secure: { advanced: null },
        additional_data: { receipt_text: null, contract: null },
        customer: { ip: null, email: null, device_id: null, birth_date: null },
        billing_address: {
          first_name: null,
          last_name: null,
          country: null,
          city: null,
          state: null,
          zip: null,
          address: null,
          phone: null,
        },
        travel: {
          airline: {
            agency_code: null,
            agency_name: null,
            ticket_number: null,
            booking_number: null,
            restricted_ticked_indicator: null,
            legs: [legOfNulls],
            passengers: [{ first_name: null, last_name: null }],
          },
        },
      }),
    );
    expect(transaction.customer).toEqual({ ip: null, email: null, device_id: null, birth_date: null });
    expect(transaction.additional_data).toEqual({ receipt_text: [], contract: [] });
    expect(transaction.three_d_secure).toEqual({ advanced: false });
  });

  it("ignores unknown fields and does not echo them", async () => {
    const body = request(
      {
        unknown_top_level_field: "ignored-1",
        customer: { email: "jane@example.com", unknown_customer_field: "ignored-2" },
        billing_address: { country: "DE", unknown_address_field: "ignored-3" },
        additional_data: { contract: ["recurring"], unknown_additional_field: "ignored-4" },
      },
      { unknown_card_field: "ignored-5" },
    );
    const response = await postTokenization(gateway, shop, { ...body, unknown_wrapper_field: "ignored-6" });
    expect(response.status).toBe(200);
    const text = JSON.stringify(response.body);
    for (const marker of ["unknown_", "ignored-"]) expect(text).not.toContain(marker);
  });
});

describe("several errors and the body's shape", () => {
  it("reports every error of a request at once, joined into one message", async () => {
    await expectRejected(
      tokenizationRequest(
        {
          amount: 0,
          currency: "usd",
          description: "",
          language: "xx",
          customer: { ip: "999.1.1.1" },
          billing_address: { country: "US", zip: "1234" },
        },
        { number: "4200000000000001", exp_month: "13" },
      ),
      {
        amount: ["must be greater than 0"],
        currency: ["is invalid"],
        description: ["can't be blank"],
        language: ["is not included in the list"],
        credit_card: { number: ["is invalid"], exp_month: ["is invalid"] },
        customer: { ip: ["address is invalid"] },
        billing_address: { zip: ["is invalid"] },
      },
      "Amount must be greater than 0. Currency is invalid. Description can't be blank. " +
        "Language is not included in the list. Number is invalid. Exp month is invalid. Ip address is invalid. " +
        "Zip is invalid",
    );
  });

  const missingRequest = { request: ["can't be blank"] };

  it("rejects a body without the request wrapper", async () => {
    await expectRejected(tokenizationRequest().request, missingRequest, "Request can't be blank");
    await expectRejected({}, missingRequest, "Request can't be blank");
  });

  it.each([null, "x", 42, true, [], [tokenizationRequest().request]])(
    "rejects a request that is not an object: %j",
    async (value) => {
      await expectRejected({ request: value }, missingRequest, "Request can't be blank");
    },
  );

  it.each([
    ["a JSON array", [tokenizationRequest()]],
    ["a JSON string", JSON.stringify("request")],
    ["a JSON number", 42],
    ["JSON null", null],
  ])("rejects a body that is %s", async (_name, body) => {
    await expectRejected(body, missingRequest, "Request can't be blank");
  });

  it("requires credit_card", async () => {
    await expectRejected(
      request({ credit_card: undefined }),
      { credit_card: ["can't be blank"] },
      "Credit card can't be blank",
    );
  });
});
