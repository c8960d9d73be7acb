import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import {
  basicAuthorization,
  callJson,
  type JsonBody,
  type JsonResponse,
  startTestGateway,
  type TestGateway,
  type TestShop,
} from "../harness";

const RECORD_NOT_FOUND = { message: "Record not found" };
const INVALID_CREDENTIALS = {
  message: "Invalid shop_id/secret_key.",
  errors: { base: ["Invalid shop_id/secret_key."] },
};
const ACCESS_DENIED = { message: "Access denied", errors: { base: ["Access denied"] } };
const CUSTOMER_KEYS = [
  "id",
  "first_name",
  "last_name",
  "address",
  "city",
  "country",
  "zip",
  "state",
  "phone",
  "email",
  "ip",
  "external_id",
  "created_at",
  "updated_at",
];

const clock = new ManualClock(new Date("2031-05-01T12:00:00.000Z"));
let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let emailSeed = 0;

beforeAll(async () => {
  gateway = await startTestGateway({ clock });
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

function uniqueEmail(): string {
  emailSeed += 1;
  return `customer${emailSeed}@example.com`;
}

/** POST /customers with a flat body; each create one second after the previous, so "newest first" is exact. */
function createCustomer(body: unknown, as: TestShop = shop): Promise<JsonResponse> {
  clock.advance(1000);
  return callJson(gateway, "/customers", { shop: as, body });
}

async function createValid(overrides: Record<string, unknown> = {}, as: TestShop = shop): Promise<JsonBody> {
  const response = await createCustomer({ email: uniqueEmail(), ip: "192.0.2.10", ...overrides }, as);
  expect(response.status).toBe(201);
  return response.body;
}

/** The `errors` and `message` a create answers with, asserting it is a 422. */
async function rejected(body: unknown): Promise<JsonBody> {
  const response = await createCustomer(body);
  expect(response.status).toBe(422);
  return response.body;
}

const valid = (fields: Record<string, unknown>) => ({ email: uniqueEmail(), ip: "192.0.2.10", ...fields });

describe("POST /customers", () => {
  it("creates a customer with every field and answers 201 with the record", async () => {
    const response = await createCustomer({
      first_name: "Jane",
      last_name: "Doe",
      address: "1 Main Street",
      city: "New York",
      country: "US",
      zip: "10001",
      state: "NY",
      phone: "+1 212 555 0100",
      email: "jane.doe@example.com",
      ip: "203.0.113.7",
      external_id: "crm-1",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(response.body)).toEqual(CUSTOMER_KEYS);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^cst_[0-9a-f]{16}$/),
      first_name: "Jane",
      last_name: "Doe",
      address: "1 Main Street",
      city: "New York",
      country: "US",
      zip: "10001",
      state: "NY",
      phone: "+1 212 555 0100",
      email: "jane.doe@example.com",
      ip: "203.0.113.7",
      external_id: "crm-1",
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    expect(response.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("needs only email and ip; every other field is present as null", async () => {
    const customer = await createValid({ email: "minimal@example.com", ip: "2001:db8::1" });
    expect(customer).toEqual({
      id: expect.stringMatching(/^cst_[0-9a-f]{16}$/),
      first_name: null,
      last_name: null,
      address: null,
      city: null,
      country: null,
      zip: null,
      state: null,
      phone: null,
      email: "minimal@example.com",
      ip: "2001:db8::1",
      external_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("gives every customer its own id", async () => {
    const ids = new Set();
    for (let i = 0; i < 5; i++) ids.add((await createValid()).id);
    expect(ids.size).toBe(5);
  });

  it("accepts JSON null and blank strings in optional fields as not given", async () => {
    const customer = await createValid({
      first_name: null,
      last_name: "",
      address: "   ",
      city: null,
      country: "",
      zip: null,
      state: "",
      phone: null,
      external_id: "",
    });
    for (const key of ["first_name", "last_name", "address", "city", "country", "zip", "state", "phone"]) {
      expect(customer[key]).toBeNull();
    }
    expect(customer.external_id).toBeNull();
  });

  it("ignores unknown fields", async () => {
    const customer = await createValid({ shoe_size: 42, id: "cst_0000000000000000" });
    expect(customer).not.toHaveProperty("shoe_size");
    expect(customer.id).not.toBe("cst_0000000000000000");
  });

  describe("ip", () => {
    it("answers a missing ip with exactly the reference body", async () => {
      const response = await createCustomer({ email: uniqueEmail() });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: {
          message: "Ip address is invalid. Ip can't be blank",
          errors: { ip: ["address is invalid", "can't be blank"] },
        },
      });
    });

    it.each([
      ["null", null],
      ["an empty string", ""],
      ["whitespace", "  "],
    ])("treats %s like a missing ip", async (_name, ip) => {
      expect(await rejected({ email: uniqueEmail(), ip })).toEqual({
        message: "Ip address is invalid. Ip can't be blank",
        errors: { ip: ["address is invalid", "can't be blank"] },
      });
    });

    it.each([
      "0.0.0.0",
      "255.255.255.255",
      "192.0.2.1",
      "::1",
      "::",
      "2001:db8::1",
      "2001:0db8:0000:0000:0000:ff00:0042:8329",
      "::ffff:192.0.2.1",
      "fe80::1:2:3:4",
    ])("accepts the address %s", async (ip) => {
      expect((await createValid({ ip })).ip).toBe(ip);
    });

    it.each([
      "256.0.0.1",
      "1.2.3",
      "1.2.3.4.5",
      "01.2.3.4",
      "1.2.3.4 ",
      "localhost",
      "2001:db8::1::2",
      "2001:db8:0:0:0:0:0:0:1",
      "12345::",
      "fe80::1%eth0",
      "::ffff:256.0.0.1",
    ])("refuses %j as not an address", async (ip) => {
      expect(await rejected({ email: uniqueEmail(), ip })).toEqual({
        message: "Ip address is invalid",
        errors: { ip: ["address is invalid"] },
      });
    });

    it("refuses a number with the type error", async () => {
      expect((await rejected({ email: uniqueEmail(), ip: 3232235521 })).errors).toEqual({
        ip: ["must be a string"],
      });
    });
  });

  describe("email", () => {
    it("is required", async () => {
      expect(await rejected({ ip: "192.0.2.1" })).toEqual({
        message: "Email can't be blank",
        errors: { email: ["can't be blank"] },
      });
      expect((await rejected({ ip: "192.0.2.1", email: "" })).errors).toEqual({ email: ["can't be blank"] });
      expect((await rejected({ ip: "192.0.2.1", email: null })).errors).toEqual({
        email: ["can't be blank"],
      });
    });

    it.each([
      ["spaces", "   "],
      ["a tab", "\t"],
      ["line breaks", " \r\n "],
    ])("answers an e-mail of only %s as blank, not as malformed", async (_name, email) => {
      expect(await rejected({ ip: "192.0.2.1", email })).toEqual({
        message: "Email can't be blank",
        errors: { email: ["can't be blank"] },
      });
    });

    it("reports both required fields of an empty body at once", async () => {
      expect(await rejected({})).toEqual({
        message: "Email can't be blank. Ip address is invalid. Ip can't be blank",
        errors: { email: ["can't be blank"], ip: ["address is invalid", "can't be blank"] },
      });
    });

    it.each([
      "plainaddress",
      "@example.com",
      "jane@",
      "jane@example",
      "jane doe@example.com",
      "jane@@example.com",
      "jane@exa mple.com",
      " jane@example.com",
    ])("refuses %j as malformed", async (email) => {
      expect(await rejected({ ip: "192.0.2.1", email })).toEqual({
        message: "Email is invalid",
        errors: { email: ["is invalid"] },
      });
    });

    it("refuses a number with the type error", async () => {
      expect((await rejected({ ip: "192.0.2.1", email: 42 })).errors).toEqual({
        email: ["must be a string"],
      });
    });

    it("accepts 255 characters and refuses 256", async () => {
      // A 64-character local part and labels of at most 63 characters, as mail systems allow.
      const address = (lastLabel: number) =>
        `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(lastLabel)}.com`;
      const atLimit = address(58);
      const pastLimit = address(59);
      expect(atLimit).toHaveLength(255);
      expect(pastLimit).toHaveLength(256);
      expect((await createValid({ email: atLimit })).email).toBe(atLimit);
      expect((await rejected({ ip: "192.0.2.1", email: pastLimit })).errors).toEqual({
        email: ["is too long (maximum is 255 characters)"],
      });
    });

    it("keeps the address as sent", async () => {
      expect((await createValid({ email: "Jane.Doe+Tag@Example.COM" })).email).toBe(
        "Jane.Doe+Tag@Example.COM",
      );
    });
  });

  describe("country, zip and state", () => {
    it.each(["US", "CA", "DE", "GB", "JP"])("accepts the country %s", async (country) => {
      expect((await createValid({ country })).country).toBe(country);
    });

    it.each(["us", "USA", "XX", "U", "840", 1])("refuses the country %j", async (country) => {
      expect((await rejected(valid({ country }))).errors).toEqual({ country: ["is invalid"] });
    });

    it.each(["12345", "12345-6789", "00501"])("accepts the US zip %s", async (zip) => {
      expect((await createValid({ country: "US", zip })).zip).toBe(zip);
    });

    it.each(["1234", "123456", "12345-678", "12345-67890", "12345 6789", "ABCDE", " 12345"])(
      "refuses the US zip %j",
      async (zip) => {
        expect(await rejected(valid({ country: "US", zip }))).toEqual({
          message: "Zip is invalid",
          errors: { zip: ["is invalid"] },
        });
      },
    );

    it("takes any postal code outside the US, and any zip without a country", async () => {
      expect((await createValid({ country: "GB", zip: "SW1A 1AA" })).zip).toBe("SW1A 1AA");
      expect((await createValid({ country: "CA", zip: "K1A 0B1" })).zip).toBe("K1A 0B1");
      expect((await createValid({ zip: "1234" })).zip).toBe("1234");
    });

    it("accepts a US state with US and a province with CA", async () => {
      expect((await createValid({ country: "US", state: "NY" })).state).toBe("NY");
      expect((await createValid({ country: "CA", state: "ON" })).state).toBe("ON");
    });

    it.each([
      ["without a country", {}],
      ["with another country", { country: "DE" }],
    ])("refuses a state %s", async (_name, fields) => {
      expect(await rejected(valid({ ...fields, state: "NY" }))).toEqual({
        message: "State is only allowed when country is US or CA",
        errors: { state: ["is only allowed when country is US or CA"] },
      });
    });

    it.each([
      ["US", "XX"],
      ["US", "ON"],
      ["CA", "NY"],
      ["US", "New York"],
      ["US", "ny"],
    ])("refuses the %s state %j", async (country, state) => {
      expect((await rejected(valid({ country, state }))).errors).toEqual({ state: ["is invalid"] });
    });

    it("leaves state and zip alone when the country itself is invalid", async () => {
      expect((await rejected(valid({ country: "XX", state: "NY", zip: "1" }))).errors).toEqual({
        country: ["is invalid"],
      });
    });
  });

  describe("lengths", () => {
    it.each([
      ["first_name", 30],
      ["last_name", 30],
      ["city", 60],
      ["address", 255],
      ["phone", 100],
      ["zip", 255],
      ["external_id", 255],
    ])("%s takes %i characters and refuses one more", async (field, maximum) => {
      const atLimit = "x".repeat(maximum);
      expect((await createValid({ [field]: atLimit }))[field]).toBe(atLimit);
      expect(await rejected(valid({ [field]: `${atLimit}x` }))).toEqual({
        message: `${field.charAt(0).toUpperCase()}${field.slice(1).replace(/_/g, " ")} is too long (maximum is ${maximum} characters)`,
        errors: { [field]: [`is too long (maximum is ${maximum} characters)`] },
      });
    });

    it("counts characters, not bytes", async () => {
      expect((await createValid({ first_name: "Ж".repeat(30) })).first_name).toBe("Ж".repeat(30));
    });
  });

  it("refuses values of the wrong type and text that cannot be stored", async () => {
    expect((await rejected(valid({ first_name: 7, city: ["Paris"], phone: true }))).errors).toEqual({
      first_name: ["must be a string"],
      city: ["must be a string"],
      phone: ["must be a string"],
    });
    expect((await rejected(valid({ last_name: "Nul\u0000" }))).errors).toEqual({
      last_name: ["contains invalid characters"],
    });
  });

  it("reports every problem at once, in one message", async () => {
    expect(
      await rejected({ email: "nope", ip: "1.2.3", first_name: "x".repeat(31), country: "US", zip: "1" }),
    ).toEqual({
      message:
        "First name is too long (maximum is 30 characters). Email is invalid. Ip address is invalid. Zip is invalid",
      errors: {
        first_name: ["is too long (maximum is 30 characters)"],
        email: ["is invalid"],
        ip: ["address is invalid"],
        zip: ["is invalid"],
      },
    });
  });

  it("reads a body that is not an object as one without fields", async () => {
    for (const body of [[], "text", 42, null]) {
      const response = await callJson(gateway, "/customers", { shop, body: JSON.stringify(body) });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        email: ["can't be blank"],
        ip: ["address is invalid", "can't be blank"],
      });
    }
  });

  it("answers 400 to a body that is not JSON and 415 to another content type", async () => {
    const malformed = await callJson(gateway, "/customers", { shop, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      message: "Request body is not valid JSON",
      errors: { base: ["Request body is not valid JSON"] },
    });
    const form = await callJson(gateway, "/customers", {
      shop,
      body: "email=a@b.co&ip=1.2.3.4",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.errors).toEqual({ base: ["Content-Type must be application/json"] });
  });

  describe("credentials", () => {
    it.each([
      ["no credentials", undefined],
      ["a wrong secret key", (s: TestShop) => basicAuthorization(s.id, "wrong")],
      ["an unknown shop", () => basicAuthorization(999_999, "whatever")],
      ["a malformed header", () => "Basic !!!"],
      ["a bearer token", () => "Bearer abc"],
    ])("answers a create with %s 422 Invalid shop_id/secret_key.", async (_name, authorization) => {
      const headers: Record<string, string> = {};
      const header = authorization?.(shop);
      if (header) headers.authorization = header;
      const response = await callJson(gateway, "/customers", { body: valid({}), headers });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: INVALID_CREDENTIALS,
      });
      expect(response.headers.get("www-authenticate")).toBeNull();
    });

    it("checks credentials before the body", async () => {
      const response = await callJson(gateway, "/customers", { body: "{not json" });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: INVALID_CREDENTIALS,
      });
    });

    it.each([
      ["GET /customers", "/customers"],
      ["GET /customers/{id}", "/customers/cst_0123456789abcdef"],
    ])("answers %s without any Authorization header 401 Access denied", async (_name, path) => {
      // A client of its own (the loopback proxy's X-Forwarded-For): failed authentications are throttled per
      // address, and the other credential tests of this file already count against the test runner's.
      const response = await callJson(gateway, path, { headers: { "x-forwarded-for": "198.51.100.21" } });
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="tessera"');
    });

    it("answers GET /customers/{id} of an existing customer without credentials 401, revealing nothing", async () => {
      const created = await createValid({ first_name: "Hidden" });
      const response = await callJson(gateway, `/customers/${created.id}`, {
        headers: { "x-forwarded-for": "198.51.100.22" },
      });
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
    });

    it.each([
      ["GET /customers", "/customers"],
      ["GET /customers/{id}", "/customers/cst_0123456789abcdef"],
    ])("answers %s with bad credentials 401", async (_name, path) => {
      const response = await callJson(gateway, path, {
        headers: { authorization: basicAuthorization(shop.id, "wrong") },
      });
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="tessera"');
    });
  });

  describe("external_id", () => {
    it("is unique per shop", async () => {
      const first = await createValid({ external_id: "crm-dup" });
      expect(first.external_id).toBe("crm-dup");
      const response = await createCustomer(valid({ external_id: "crm-dup" }));
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: {
          message: "External id has already been taken",
          errors: { external_id: ["has already been taken"] },
        },
      });
      expect((await createValid({ external_id: "crm-dup" }, otherShop)).external_id).toBe("crm-dup");
    });

    it("is compared exactly", async () => {
      await createValid({ external_id: "crm-case" });
      expect((await createValid({ external_id: "CRM-CASE" })).external_id).toBe("CRM-CASE");
    });

    it("may be left out by any number of customers", async () => {
      expect((await createValid()).external_id).toBeNull();
      expect((await createValid()).external_id).toBeNull();
    });

    it("lets exactly one of several concurrent creates with the same id through", async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          callJson(gateway, "/customers", { shop, body: valid({ external_id: "crm-race" }) }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
      for (const response of responses.filter((r) => r.status === 422)) {
        expect(response.body.errors).toEqual({ external_id: ["has already been taken"] });
      }
      const listed = await callJson(gateway, "/customers?external_id=crm-race", { shop });
      expect(listed.headers.get("x-total-count")).toBe("1");
    });
  });
});

describe("GET /customers/{id}", () => {
  it("returns exactly the record the create returned", async () => {
    const created = await createValid({
      first_name: "Ann",
      country: "CA",
      state: "QC",
      external_id: "crm-get",
    });
    const response = await callJson(gateway, `/customers/${created.id}`, { shop });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
    expect(Object.keys(response.body)).toEqual(CUSTOMER_KEYS);
  });

  it.each([
    ["an unknown id", "cst_0123456789abcdef"],
    ["an id of the wrong form", "cst_XYZ"],
    ["an id without prefix", "0123456789abcdef"],
    ["an id with NUL", "cst_%00"],
  ])("answers 404 Record not found to %s", async (_name, id) => {
    const response = await callJson(gateway, `/customers/${id}`, { shop });
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: RECORD_NOT_FOUND });
  });

  it("answers another shop's customer exactly like an unknown one", async () => {
    const theirs = await createValid({}, otherShop);
    const response = await callJson(gateway, `/customers/${theirs.id}`, { shop });
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: RECORD_NOT_FOUND });
    expect((await callJson(gateway, `/customers/${theirs.id}`, { shop: otherShop })).status).toBe(200);
  });

  it("answers methods the resource does not have with 405", async () => {
    const created = await createValid();
    const response = await gateway.call(`/customers/${created.id}`, { shop, method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    const put = await gateway.call("/customers", { shop, method: "PUT", body: {} });
    expect(put.status).toBe(405);
  });
});

describe("GET /customers", () => {
  let listShop: TestShop;
  /** Ids of the list shop's customers, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    listShop = await gateway.createShop({}, "List Shop");
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const customer = await createValid(
        { email: `list${i}@example.com`, external_id: `list-${i}` },
        listShop,
      );
      created.push(customer.id);
    }
    newestFirst = created.reverse();
  });

  async function page(query: string, as: TestShop = listShop) {
    const response = await callJson(gateway, `/customers${query}`, { shop: as });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    return {
      ids: response.body.map((customer: { id: string }) => customer.id),
      body: response.body,
      total: response.headers.get("x-total-count"),
      link: response.headers.get("link"),
    };
  }

  it("returns a JSON array of the shop's customers, newest first, as full records", async () => {
    const result = await page("");
    expect(result.ids).toEqual(newestFirst);
    expect(result.total).toBe("7");
    for (const customer of result.body) expect(Object.keys(customer)).toEqual(CUSTOMER_KEYS);
    const single = await callJson(gateway, `/customers/${newestFirst[0]}`, { shop: listShop });
    expect(result.body[0]).toEqual(single.body);
  });

  it("pages with per_page and gives first, prev, next and last links", async () => {
    const first = await page("?per_page=3");
    expect(first.ids).toEqual(newestFirst.slice(0, 3));
    expect(first.total).toBe("7");
    expect(first.link).toBe(
      [
        '</gateway/customers?per_page=3&page=1>; rel="first"',
        '</gateway/customers?per_page=3&page=2>; rel="next"',
        '</gateway/customers?per_page=3&page=3>; rel="last"',
      ].join(", "),
    );
    const middle = await page("?page=2&per_page=3");
    expect(middle.ids).toEqual(newestFirst.slice(3, 6));
    expect(middle.link).toBe(
      [
        '</gateway/customers?page=1&per_page=3>; rel="first"',
        '</gateway/customers?page=1&per_page=3>; rel="prev"',
        '</gateway/customers?page=3&per_page=3>; rel="next"',
        '</gateway/customers?page=3&per_page=3>; rel="last"',
      ].join(", "),
    );
    const last = await page("?page=3&per_page=3");
    expect(last.ids).toEqual(newestFirst.slice(6));
    expect(last.link).not.toContain('rel="next"');
    expect(last.link).toContain('rel="prev"');
  });

  it("walks every customer exactly once across the pages", async () => {
    const seen: string[] = [];
    for (let number = 1; number <= 4; number++) seen.push(...(await page(`?page=${number}&per_page=2`)).ids);
    expect(seen).toEqual(newestFirst);
  });

  it("answers a page past the end with an empty array and the real total", async () => {
    const beyond = await page("?page=9&per_page=3");
    expect(beyond.ids).toEqual([]);
    expect(beyond.total).toBe("7");
    expect(beyond.link).toContain('</gateway/customers?page=3&per_page=3>; rel="prev"');
    expect(beyond.link).toContain('rel="last"');
  });

  it("fits everything on one page at per_page 500 and on exact multiples", async () => {
    const all = await page("?per_page=500");
    expect(all.ids).toEqual(newestFirst);
    expect(all.link).not.toContain('rel="next"');
    const exact = await page("?per_page=7");
    expect(exact.ids).toEqual(newestFirst);
    expect(exact.link).not.toContain('rel="next"');
  });

  it("pages 50 at a time by default", async () => {
    const bigShop = await gateway.createShop({}, "Big Shop");
    for (let i = 0; i < 51; i++) await createValid({}, bigShop);
    const first = await page("", bigShop);
    expect(first.ids).toHaveLength(50);
    expect(first.total).toBe("51");
    expect(first.link).toContain('</gateway/customers?page=2&per_page=50>; rel="next"');
    const second = await page("?page=2", bigShop);
    expect(second.ids).toHaveLength(1);
    expect(second.ids).not.toContain(first.ids[49]);
  });

  it.each([
    ["page=0", { page: ["must be greater than or equal to 1"] }],
    ["page=-1", { page: ["must be an integer"] }],
    ["page=abc", { page: ["must be an integer"] }],
    ["page=1.5", { page: ["must be an integer"] }],
    ["per_page=0", { per_page: ["must be greater than or equal to 1"] }],
    ["per_page=501", { per_page: ["must be less than or equal to 500"] }],
    ["per_page=ten", { per_page: ["must be an integer"] }],
    [
      "page=0&per_page=501",
      { page: ["must be greater than or equal to 1"], per_page: ["must be less than or equal to 500"] },
    ],
  ])("answers ?%s with 422", async (query, errors) => {
    const response = await callJson(gateway, `/customers?${query}`, { shop: listShop });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });

  it("answers a page number past 10^9 with 422, never an error of the database", async () => {
    expect((await page("?page=1000000000&per_page=500")).ids).toEqual([]);
    const response = await callJson(gateway, "/customers?page=99999999999999999999&per_page=500", {
      shop: listShop,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ page: ["must be less than or equal to 1000000000"] });
  });

  it("filters by e-mail exactly, whatever the case", async () => {
    const match = await page("?email=LIST3@Example.com");
    expect(match.ids).toEqual([newestFirst[3]]);
    expect(match.total).toBe("1");
    expect((await page("?email=list3@example.co")).ids).toEqual([]);
    expect((await page("?email=list")).ids).toEqual([]);
    expect((await page("?email=%25")).ids).toEqual([]);
    expect((await page("?email=list3%00@example.com")).ids).toEqual([]);
  });

  it("returns every customer with that e-mail, newest first, and keeps the filter in the links", async () => {
    const older = await createValid({ email: "shared@example.com" }, listShop);
    const newer = await createValid({ email: "Shared@Example.com" }, listShop);
    const both = await page("?email=shared%40example.com&per_page=1");
    expect(both.ids).toEqual([newer.id]);
    expect(both.total).toBe("2");
    expect(both.link).toContain("email=shared%40example.com");
    const next = await page("?email=shared%40example.com&per_page=1&page=2");
    expect(next.ids).toEqual([older.id]);
  });

  it("filters by external_id", async () => {
    expect((await page("?external_id=list-5")).ids).toEqual([newestFirst[1]]);
    expect((await page("?external_id=LIST-5")).ids).toEqual([]);
  });

  it("does not match another shop's customer with the same external_id", async () => {
    const theirs = await createValid({ email: "their-list-2@example.com", external_id: "list-2" }, otherShop);
    const onlyTheirs = await createValid({ external_id: "list-only-theirs" }, otherShop);
    expect((await page("?external_id=list-2")).ids).toEqual([newestFirst[4]]);
    expect((await page("?external_id=list-2", otherShop)).ids).toEqual([theirs.id]);
    const none = await page("?external_id=list-only-theirs");
    expect(none.ids).toEqual([]);
    expect(none.total).toBe("0");
    expect((await page("?external_id=list-only-theirs", otherShop)).ids).toEqual([onlyTheirs.id]);
  });

  it("never shows another shop's customers", async () => {
    const theirs = await createValid({ email: "list3@example.com" }, otherShop);
    const mine = await page("?per_page=500");
    expect(mine.ids).not.toContain(theirs.id);
    const filtered = await page("?email=list3@example.com");
    expect(filtered.ids).toEqual([newestFirst[3]]);
    const fresh = await gateway.createShop({}, "Empty Shop");
    const empty = await page("", fresh);
    expect(empty.ids).toEqual([]);
    expect(empty.total).toBe("0");
    expect(empty.link).toBe(
      '</gateway/customers?page=1&per_page=50>; rel="first", </gateway/customers?page=1&per_page=50>; rel="last"',
    );
  });
});
