import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type ErrorTree, validationErrorBody } from "./errors";
import {
  parseTokenizationRequest,
  type TokenizationRequest,
  tokenizationRequestSchema,
} from "./tokenization";

const NOW = new Date("2025-06-15T12:00:00Z");
const VISA = "4200000000000000";
const AMEX = "378282246310005";

type Json = Record<string, unknown>;

function minimal(): Json {
  return {
    amount: 100,
    currency: "USD",
    description: "Order 1",
    credit_card: { number: VISA, exp_month: "12", exp_year: "2030", verification_value: "123" },
  };
}

/** Sets `value` at a dotted path of a fresh minimal request (creating objects on the way). */
function withField(path: string, value: unknown, base: Json = minimal()): Json {
  const keys = path.split(".");
  let node = base;
  for (const key of keys.slice(0, -1)) {
    node[key] = (node[key] as Json | undefined) ?? {};
    node = node[key] as Json;
  }
  node[keys[keys.length - 1]] = value;
  return base;
}

function parse(request: unknown, now: Date = NOW) {
  return parseTokenizationRequest({ request }, { now });
}

function accepted(request: unknown, now: Date = NOW): TokenizationRequest {
  const result = parse(request, now);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function rejected(request: unknown, now: Date = NOW): ErrorTree {
  const result = parse(request, now);
  if (result.ok) throw new Error("expected validation errors");
  return result.errors;
}

/** Builds a Luhn-valid number from `prefix` padded with zeros to `length` digits. */
function luhnNumber(prefix: string, length: number): string {
  const body = prefix.padEnd(length - 1, "0");
  for (let check = 0; check <= 9; check++) {
    const candidate = body + check;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

function fullRequest() {
  return {
    amount: "3245",
    currency: "EUR",
    description: "Flight to Minsk",
    tracking_id: "order-1;invoice-7",
    duplicate_check: false,
    dynamic_billing_descriptor: "TESSERA*FLIGHT",
    language: "be",
    notification_url: "https://merchant.example/hook",
    verification_url: "https://merchant.example/verify",
    return_url: "https://merchant.example/return?x=1",
    test: true,
    skip_three_d_secure_verification: false,
    force_three_d_secure_verification: true,
    three_d_secure: { advanced: true },
    additional_data: { receipt_text: ["Thank you"], contract: ["recurring", "oneclick", "recurring"] },
    credit_card: {
      number: AMEX,
      verification_value: "1234",
      holder: "JOHN DOE",
      exp_month: "01",
      exp_year: 2027,
    },
    customer: { ip: "2001:db8::1", email: "john@example.com", device_id: "dev-1", birth_date: "1990-02-28" },
    billing_address: {
      first_name: "John",
      last_name: "Doe",
      country: "US",
      city: "Austin",
      state: "TX",
      zip: "73301-0001",
      address: "1 Main St",
      phone: "+1 512 555 0100",
    },
    travel: {
      airline: {
        agency_code: "1234567",
        agency_name: "Agency",
        ticket_number: "12345678901234",
        booking_number: "ABC123",
        restricted_ticked_indicator: "1",
        legs: [
          {
            airline_code: "B2",
            stop_over_code: "X",
            flight_number: "B2 869",
            departure_date_time: "2025-07-01T10:30:00",
            arrival_date_time: "2025-07-01T13:05:00",
            originating_country: "DE",
            originating_city: "Frankfurt",
            originating_airport_code: "FRA",
            destination_country: "BY",
            destination_city: "Minsk",
            destination_airport_code: "MSQ",
            coupon: "1",
            class: "Y",
          },
        ],
        passengers: [{ first_name: "John", last_name: "Doe" }],
      },
    },
  };
}

describe("parseTokenizationRequest: valid requests", () => {
  it("normalises a minimal request and applies the defaults", () => {
    expect(accepted(minimal())).toEqual({
      amount: 100,
      currency: "USD",
      description: "Order 1",
      duplicate_check: true,
      language: "en",
      test: false,
      skip_three_d_secure_verification: false,
      force_three_d_secure_verification: false,
      three_d_secure: { advanced: false },
      additional_data: { receipt_text: [], contract: [] },
      credit_card: { number: VISA, exp_month: 12, exp_year: 2030, verification_value: "123" },
    });
  });

  it("accepts nulls for optional fields and drops unknown fields", () => {
    const request = {
      ...minimal(),
      amount: "100",
      tracking_id: null,
      duplicate_check: null,
      language: null,
      return_url: null,
      three_d_secure: null,
      additional_data: null,
      customer: null,
      billing_address: null,
      travel: null,
      unknown_field: "x",
      credit_card: {
        number: VISA,
        exp_month: 5,
        exp_year: 2031,
        holder: null,
        verification_value: null,
        x: 1,
      },
    };
    const value = accepted(request);
    expect(value).toEqual({
      ...accepted(minimal()),
      credit_card: { number: VISA, exp_month: 5, exp_year: 2031 },
    });
    expect(value).not.toHaveProperty("unknown_field");
    expect(value.credit_card).not.toHaveProperty("x");
  });

  it("parses a full request with every section", () => {
    const request = fullRequest();
    const value = accepted(request);
    expect(value).toEqual({
      ...request,
      amount: 3245,
      additional_data: { receipt_text: ["Thank you"], contract: ["recurring", "oneclick"] },
      credit_card: { ...request.credit_card, exp_month: 1, exp_year: 2027 },
    });
  });

  it("uses a stored card's token instead of card data, ignoring number and expiry sent with it", () => {
    const token = "ab".repeat(32);
    expect(accepted(withField("credit_card", { token })).credit_card).toEqual({ token });
    const both = accepted(
      withField("credit_card", {
        token,
        verification_value: "1234",
        number: "bad",
        exp_month: 13,
        exp_year: 1,
      }),
    );
    expect(both.credit_card).toEqual({ token, verification_value: "1234" });
    expect(rejected(withField("credit_card", { token: "AB".repeat(32) }))).toEqual({
      credit_card: { token: ["is invalid"] },
    });
    expect(rejected(withField("credit_card", { token: "ab".repeat(31) }))).toEqual({
      credit_card: { token: ["is invalid"] },
    });
  });
});

describe("parseTokenizationRequest: limits at the edge", () => {
  const cases: [path: string, max: number][] = [
    ["description", 255],
    ["tracking_id", 255],
    ["dynamic_billing_descriptor", 255],
    ["credit_card.holder", 35],
    ["billing_address.first_name", 30],
    ["billing_address.last_name", 30],
    ["billing_address.city", 60],
    ["billing_address.address", 255],
    ["billing_address.phone", 100],
    ["customer.device_id", 255],
  ];

  it.each(cases)("%s: %i characters ok, one more rejected", (path, max) => {
    expect(parse(withField(path, "a".repeat(max))).ok).toBe(true);
    const errors = rejected(withField(path, "a".repeat(max + 1)));
    const expected: ErrorTree = {};
    let node = expected;
    const keys = path.split(".");
    for (const key of keys.slice(0, -1)) node = node[key] = {};
    node[keys[keys.length - 1]] = [`is too long (maximum is ${max} characters)`];
    expect(errors).toEqual(expected);
  });

  it("card number: 12 and 19 digits ok, 11 and 20 rejected", () => {
    expect(accepted(withField("credit_card.number", luhnNumber("4", 12))).credit_card.number).toBe(
      luhnNumber("4", 12),
    );
    expect(parse(withField("credit_card.number", luhnNumber("4", 19))).ok).toBe(true);
    expect(rejected(withField("credit_card.number", luhnNumber("4", 11)))).toEqual({
      credit_card: { number: ["is too short (minimum is 12 digits)"] },
    });
    expect(rejected(withField("credit_card.number", luhnNumber("4", 20)))).toEqual({
      credit_card: { number: ["is too long (maximum is 19 digits)"] },
    });
  });
});

describe("parseTokenizationRequest: credit card rules", () => {
  const cardErrors = (card: Json) => rejected(withField("credit_card", card));
  const expiry = { exp_month: "12", exp_year: "2030" };

  it("rejects a Luhn failure, non-digits, and missing card data", () => {
    expect(cardErrors({ number: "4200000000000001", ...expiry })).toEqual({
      credit_card: { number: ["is invalid"] },
    });
    expect(cardErrors({ number: "4200 0000 0000 0000", ...expiry })).toEqual({
      credit_card: { number: ["is invalid"] },
    });
    expect(cardErrors({})).toEqual({
      credit_card: {
        number: ["can't be blank"],
        exp_month: ["can't be blank"],
        exp_year: ["can't be blank"],
      },
    });
    expect(rejected({ ...minimal(), credit_card: undefined })).toEqual({ credit_card: ["can't be blank"] });
    expect(rejected({ ...minimal(), credit_card: "4200000000000000" })).toEqual({
      credit_card: ["must be an object"],
    });
  });

  it("requires a 4-digit code for American Express and 3 digits otherwise", () => {
    expect(cardErrors({ number: AMEX, verification_value: "123", ...expiry })).toEqual({
      credit_card: { verification_value: ["is invalid"] },
    });
    expect(parse(withField("credit_card", { number: AMEX, verification_value: "1234", ...expiry })).ok).toBe(
      true,
    );
    expect(cardErrors({ number: VISA, verification_value: "1234", ...expiry })).toEqual({
      credit_card: { verification_value: ["is invalid"] },
    });
    expect(cardErrors({ number: VISA, verification_value: "12a", ...expiry })).toEqual({
      credit_card: { verification_value: ["is invalid"] },
    });
  });

  it("accepts months 1 to 12 as strings or integers", () => {
    expect(accepted(withField("credit_card.exp_month", "1")).credit_card.exp_month).toBe(1);
    expect(accepted(withField("credit_card.exp_month", 12)).credit_card.exp_month).toBe(12);
    for (const month of ["0", 0, "13", 13, "001", 1.5, "x", true]) {
      expect(rejected(withField("credit_card.exp_month", month))).toEqual({
        credit_card: { exp_month: ["is invalid"] },
      });
    }
  });

  it("reads empty expiry strings as missing", () => {
    expect(rejected(withField("credit_card", { number: VISA, exp_month: "", exp_year: " " }))).toEqual({
      credit_card: { exp_month: ["can't be blank"], exp_year: ["can't be blank"] },
    });
  });

  it("accepts four-digit years as strings or integers", () => {
    expect(accepted(withField("credit_card.exp_year", 2030)).credit_card.exp_year).toBe(2030);
    for (const year of ["30", 30, "20300", 10000, "203x"]) {
      expect(rejected(withField("credit_card.exp_year", year))).toEqual({
        credit_card: { exp_year: ["is invalid"] },
      });
    }
  });

  it("rejects an expiry month before the current UTC month, exactly as the API words it", () => {
    const card = (exp_month: string, exp_year: string) =>
      withField("credit_card", { number: VISA, exp_month, exp_year });
    expect(rejected(card("05", "2025"))).toEqual({ credit_card: { exp_year: ["Date is expired"] } });
    expect(parse(card("06", "2025")).ok).toBe(true);
    expect(parse(card("06", "2025"), new Date("2025-06-30T23:59:59Z")).ok).toBe(true);
    expect(rejected(card("06", "2025"), new Date("2025-07-01T00:00:00Z"))).toEqual({
      credit_card: { exp_year: ["Date is expired"] },
    });
    expect(rejected(card("12", "2024"), new Date("2025-01-10T00:00:00Z"))).toEqual({
      credit_card: { exp_year: ["Date is expired"] },
    });
  });

  it("judges expiry at the system clock when no time is given", () => {
    const now = new Date();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const card = (date: Date) =>
      withField("credit_card", {
        number: VISA,
        exp_month: String(date.getUTCMonth() + 1),
        exp_year: String(date.getUTCFullYear()),
      });
    expect(parseTokenizationRequest({ request: card(previous) })).toEqual({
      ok: false,
      errors: { credit_card: { exp_year: ["Date is expired"] } },
    });
    expect(parseTokenizationRequest({ request: card(now) }).ok).toBe(true);
  });
});

describe("parseTokenizationRequest: other fields", () => {
  it("validates the billing address country, state and zip", () => {
    expect(rejected(withField("billing_address", { country: "DE", state: "BY" }))).toEqual({
      billing_address: { state: ["is only allowed when country is US or CA"] },
    });
    expect(parse(withField("billing_address", { country: "CA", state: "ON" })).ok).toBe(true);
    expect(rejected(withField("billing_address", { country: "US", state: "ZZ" }))).toEqual({
      billing_address: { state: ["is invalid"] },
    });
    for (const zip of ["12345", "12345-6789"]) {
      expect(parse(withField("billing_address", { country: "US", zip })).ok).toBe(true);
    }
    for (const zip of ["1234", "123456"]) {
      expect(rejected(withField("billing_address", { country: "US", zip }))).toEqual({
        billing_address: { zip: ["is invalid"] },
      });
    }
    expect(parse(withField("billing_address", { country: "NL", zip: "1234 AB" })).ok).toBe(true);
    for (const country of ["usa", "us"]) {
      expect(rejected(withField("billing_address.country", country))).toEqual({
        billing_address: { country: ["is invalid"] },
      });
    }
  });

  it("validates currency, amount, customer details, URLs and language", () => {
    expect(rejected(withField("currency", "usd"))).toEqual({ currency: ["is invalid"] });
    expect(rejected(withField("currency", ""))).toEqual({ currency: ["can't be blank"] });
    expect(rejected(withField("amount", 0))).toEqual({ amount: ["must be greater than 0"] });
    expect(rejected(withField("amount", "10.5"))).toEqual({ amount: ["must be an integer"] });
    expect(rejected(withField("customer.ip", "999.1.1.1"))).toEqual({
      customer: { ip: ["address is invalid"] },
    });
    expect(rejected(withField("customer.email", "john@"))).toEqual({ customer: { email: ["is invalid"] } });
    expect(rejected(withField("customer.birth_date", "2023-02-29"))).toEqual({
      customer: { birth_date: ["is invalid"] },
    });
    expect(rejected(withField("customer.birth_date", "2030-01-01"))).toEqual({
      customer: { birth_date: ["can't be in the future"] },
    });
    expect(accepted(withField("customer.birth_date", "2024-02-29")).customer?.birth_date).toBe("2024-02-29");
    for (const url of ["ftp://x", "/relative"]) {
      expect(rejected(withField("return_url", url))).toEqual({ return_url: ["is invalid"] });
    }
    expect(rejected(withField("language", "xx"))).toEqual({ language: ["is not included in the list"] });
    expect(rejected(withField("test", "true"))).toEqual({ test: ["must be true or false"] });
  });

  it("validates contract values one by one", () => {
    expect(rejected(withField("additional_data.contract", ["recurring", "foo"]))).toEqual({
      additional_data: { contract: { "1": ["is not included in the list"] } },
    });
    expect(rejected(withField("additional_data.contract", "recurring"))).toEqual({
      additional_data: { contract: ["must be an array"] },
    });
  });

  it("validates travel data", () => {
    const leg = (fields: Json) => withField("travel", { airline: { legs: [{}, fields] } });
    expect(parse(withField("travel.airline.ticket_number", "12345678901234")).ok).toBe(true);
    for (const ticket of ["1234567890123", "123456789012345"]) {
      expect(rejected(withField("travel.airline.ticket_number", ticket))).toEqual({
        travel: { airline: { ticket_number: ["is invalid"] } },
      });
    }
    expect(rejected(leg({ originating_airport_code: "ab1" }))).toEqual({
      travel: { airline: { legs: { "1": { originating_airport_code: ["is invalid"] } } } },
    });
    expect(parse(leg({ airline_code: "U2" })).ok).toBe(true);
    for (const code of ["22", "u2", "B", "BAW"]) {
      expect(rejected(leg({ airline_code: code }))).toEqual({
        travel: { airline: { legs: { "1": { airline_code: ["is invalid"] } } } },
      });
    }
    for (const dateTime of ["2025-07-01 10:30:00", "2025-07-01T10:30", "2025-02-30T10:30:00"]) {
      expect(rejected(leg({ departure_date_time: dateTime }))).toEqual({
        travel: { airline: { legs: { "1": { departure_date_time: ["is invalid"] } } } },
      });
    }
    expect(rejected(leg({ stop_over_code: "Y" }))).toEqual({
      travel: { airline: { legs: { "1": { stop_over_code: ["is not included in the list"] } } } },
    });
    expect(rejected(withField("travel.airline.agency_code", "123456"))).toEqual({
      travel: { airline: { agency_code: ["is invalid"] } },
    });
  });
});

describe("parseTokenizationRequest: several errors at once", () => {
  it("reports independent errors together with one combined message", () => {
    const errors = rejected({
      ...minimal(),
      amount: 0,
      credit_card: { number: "4200000000000001", exp_month: "05", exp_year: "2025" },
      billing_address: { country: "DE", state: "BY" },
    });
    expect(errors).toEqual({
      amount: ["must be greater than 0"],
      credit_card: { number: ["is invalid"], exp_year: ["Date is expired"] },
      billing_address: { state: ["is only allowed when country is US or CA"] },
    });
    expect(validationErrorBody(errors).message).toBe(
      "Amount must be greater than 0. Number is invalid. Date is expired. State is only allowed when country is US or CA",
    );
  });

  it("reports missing required fields", () => {
    expect(rejected({})).toEqual({
      amount: ["can't be blank"],
      currency: ["can't be blank"],
      description: ["can't be blank"],
      credit_card: ["can't be blank"],
    });
  });

  it("reports a missing or non-object request on request", () => {
    for (const body of [{}, { request: null }, { request: "x" }, "x", null, []]) {
      expect(parseTokenizationRequest(body)).toEqual({ ok: false, errors: { request: ["can't be blank"] } });
    }
  });
});

describe("tokenizationRequestSchema", () => {
  it("converts to JSON Schema for the OpenAPI document", () => {
    const schema = z.toJSONSchema(tokenizationRequestSchema, {
      io: "input",
      unrepresentable: "any",
    }) as unknown as {
      properties: { request: { required: string[] } };
    };
    expect(schema.properties.request.required).toEqual(["amount", "currency", "description", "credit_card"]);
  });
});

describe("parseTokenizationRequest: messages", () => {
  function leafPaths(value: unknown, prefix: string[] = []): string[][] {
    if (Array.isArray(value))
      return value.flatMap((item, index) => leafPaths(item, [...prefix, String(index)]));
    if (typeof value === "object" && value !== null) {
      return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
    }
    return [prefix];
  }

  function setAt(target: Json, path: string[], value: unknown): void {
    let node = target as Record<string, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1]] = value;
  }

  function messagesOf(tree: ErrorTree): string[] {
    return Object.values(tree).flatMap((value) => (Array.isArray(value) ? value : messagesOf(value)));
  }

  it("never answers with zod's own wording, whatever a field holds", () => {
    const wrongValues = [true, 0, -1, 1.5, "x", "", "a".repeat(3000), [], {}, [1], { a: 1 }];
    const paths = leafPaths(fullRequest());
    for (const path of paths) {
      for (const prefixLength of [path.length, path.length - 1]) {
        if (prefixLength < 1) continue;
        for (const value of wrongValues) {
          const request = fullRequest() as Json;
          setAt(request, path.slice(0, prefixLength), value);
          const result = parse(request);
          if (result.ok) continue;
          for (const message of messagesOf(result.errors)) {
            expect(message, `${path.slice(0, prefixLength).join(".")} = ${JSON.stringify(value)}`).toMatch(
              /^([a-z].*|Date is expired)$/,
            );
            expect(message).not.toMatch(/expected|Invalid input|Too (big|small)/);
          }
        }
      }
    }
  });
});
