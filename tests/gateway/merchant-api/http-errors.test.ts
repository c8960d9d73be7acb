import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import {
  basicAuthorization,
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

const TOKENIZATIONS = "/transactions/tokenizations";
const ACCESS_DENIED = { message: "Access denied", errors: { base: ["Access denied"] } };
const TOO_MANY_REQUESTS = { message: "Too many requests", errors: { base: ["Too many requests"] } };
const MAX_BODY_BYTES = 64 * 1024;

let gateway: TestGateway;
let shop: TestShop;
let seed = 500_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  // More than a hundred new cards in a few seconds, which the default new-card cap would refuse.
  shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
});

afterAll(async () => {
  await gateway.close();
});

/** A valid request for a card of its own, so no two of them are duplicates. */
function validRequest(overrides: Record<string, unknown> = {}) {
  return tokenizationRequest(overrides, { number: uniqueVisaNumber(seed++) });
}

/** A valid request serialised to exactly `bytes` bytes, padded with a field the gateway ignores. */
function validRequestOfSize(bytes: number): string {
  const { request } = validRequest();
  const withPadding = (padding: string) => JSON.stringify({ request: { ...request, padding } });
  const text = withPadding("x".repeat(bytes - Buffer.byteLength(withPadding(""))));
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

function streamOf(text: string, chunkSize = 8 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** POST with a body of unknown length: no Content-Length, chunked transfer encoding. */
function postStream(text: string): Promise<Response> {
  return fetch(`${gateway.url}${TOKENIZATIONS}`, {
    method: "POST",
    headers: { authorization: shop.authorization, "content-type": "application/json" },
    body: streamOf(text),
    duplex: "half",
  } as RequestInit);
}

async function outcome(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe("authentication", () => {
  // Each of these counts as a failed attempt for the client; together they stay under the throttling limit.
  const unauthorised: [string, () => Record<string, string>][] = [
    ["no Authorization header", () => ({})],
    ["a wrong secret key", () => ({ authorization: basicAuthorization(shop.id, "0".repeat(64)) })],
    ["an unknown shop id", () => ({ authorization: basicAuthorization(987_654, shop.secretKey) })],
    ["a malformed Basic header", () => ({ authorization: "Basic not-base64!" })],
    ["Basic credentials without a colon", () => ({ authorization: `Basic ${btoa(String(shop.id))}` })],
    ["a Bearer token", () => ({ authorization: `Bearer ${shop.secretKey}` })],
  ];

  it.each(unauthorised)("answers 401 to %s", async (_name, headers) => {
    const response = await gateway.call(TOKENIZATIONS, { body: validRequest(), headers: headers() });
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="tessera"');
    expect(await outcome(response)).toEqual({ status: 401, body: ACCESS_DENIED });
  });

  it("protects the queries as well", async () => {
    for (const path of ["/transactions/some-uid", "/v2/transactions/tracking_id/some-id"]) {
      const response = await gateway.call(path);
      expect(response.headers.get("www-authenticate")).toBe('Basic realm="tessera"');
      expect(await outcome(response)).toEqual({ status: 401, body: ACCESS_DENIED });
    }
  });
});

describe("throttling of failed authentication", () => {
  let throttled: TestGateway;
  let clock: ManualClock;
  let victim: TestShop;

  beforeAll(async () => {
    // At the start of a rate-limit window, so the seconds left in it are known.
    clock = new ManualClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    throttled = await startTestGateway({ clock });
    victim = await throttled.createShop();
  });

  afterAll(async () => {
    await throttled.close();
  });

  const wrong = () => ({ authorization: basicAuthorization(victim.id, "f".repeat(64)) });

  it("answers 429 from the 11th failure within a minute, whatever the credentials, until the window ends", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await throttled.call(TOKENIZATIONS, { body: validRequest(), headers: wrong() });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await throttled.call(TOKENIZATIONS, { body: validRequest(), headers: wrong() });
    expect(await outcome(eleventh)).toEqual({ status: 429, body: TOO_MANY_REQUESTS });
    expect(eleventh.headers.get("retry-after")).toBe("60");

    const correct = await throttled.call(TOKENIZATIONS, { shop: victim, body: validRequest() });
    expect(await outcome(correct)).toEqual({ status: 429, body: TOO_MANY_REQUESTS });
    expect(correct.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);

    clock.advance(30_000);
    const query = await throttled.call("/transactions/some-uid", { shop: victim });
    expect(query.status).toBe(429);
    expect(query.headers.get("retry-after")).toBe("30");

    clock.advance(30_001);
    const lifted = await callJson(throttled, TOKENIZATIONS, { shop: victim, body: validRequest() });
    expect(lifted.status).toBe(200);
    const wrongAgain = await throttled.call(TOKENIZATIONS, { body: validRequest(), headers: wrong() });
    expect(wrongAgain.status).toBe(401);
  });

  it("counts each client behind a trusted proxy on its own, and believes only the proxy's own entry", async () => {
    // The checkout app (and a reverse proxy on the same host) reaches the gateway over loopback and names its
    // client in X-Forwarded-For: one client's failures must not lock out the others behind the same proxy.
    clock.advance(60_000);
    const from = (address: string) => ({ ...wrong(), "x-forwarded-for": address });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await throttled.call(TOKENIZATIONS, {
        body: validRequest(),
        headers: from("203.0.113.9"),
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await throttled.call(TOKENIZATIONS, {
      body: validRequest(),
      headers: from("203.0.113.9"),
    });
    expect(blocked.status).toBe(429);
    // Only the last entry is the proxy's: a client prepending someone else's address is still itself.
    const spoofed = await throttled.call(TOKENIZATIONS, {
      body: validRequest(),
      headers: from("198.51.100.7, 203.0.113.9"),
    });
    expect(spoofed.status).toBe(429);

    const other = await callJson(throttled, TOKENIZATIONS, {
      shop: victim,
      body: validRequest(),
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(other.status).toBe(200);
    const proxyItself = await callJson(throttled, TOKENIZATIONS, { shop: victim, body: validRequest() });
    expect(proxyItself.status).toBe(200);
  });

  it("counts an IPv6 client by its /64: a fresh address in the same network is the same client", async () => {
    clock.advance(60_000);
    const from = (address: string) => ({ ...wrong(), "x-forwarded-for": address });
    // Ten failures, each from another address of one /64, as a client rotating through its own network would.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await throttled.call(TOKENIZATIONS, {
        body: validRequest(),
        headers: from(`2001:db8:77:1:${attempt.toString(16)}::${attempt}`),
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await throttled.call(TOKENIZATIONS, {
      body: validRequest(),
      headers: from("2001:db8:77:1:ffff:ffff:ffff:fffe"),
    });
    expect(blocked.status).toBe(429);
    const neighbour = await callJson(throttled, TOKENIZATIONS, {
      shop: victim,
      body: validRequest(),
      headers: { "x-forwarded-for": "2001:db8:77:2::1" },
    });
    expect(neighbour.status).toBe(200);
  });
});

describe("request bodies", () => {
  const MALFORMED = {
    message: "Request body is not valid JSON",
    errors: { base: ["Request body is not valid JSON"] },
  };
  const TOO_LARGE = {
    message: "Request body is larger than 64 KiB",
    errors: { base: ["Request body is larger than 64 KiB"] },
  };
  const UNSUPPORTED = {
    message: "Content-Type must be application/json",
    errors: { base: ["Content-Type must be application/json"] },
  };

  it.each([
    ["truncated JSON", '{"request": {"amount": 100'],
    ["trailing garbage", '{"request": {}} x'],
    ["single quotes", "{'request': {}}"],
    ["a byte-order mark", `\ufeff${JSON.stringify(tokenizationRequest())}`],
    ["an empty body", ""],
  ])("answers 400 to %s", async (_name, text) => {
    const response = await gateway.call(TOKENIZATIONS, {
      method: "POST",
      shop,
      body: text,
      headers: { "content-type": "application/json" },
    });
    expect(await outcome(response)).toEqual({ status: 400, body: MALFORMED });
  });

  it("accepts a body of exactly 64 KiB", async () => {
    const response = await gateway.call(TOKENIZATIONS, { shop, body: validRequestOfSize(MAX_BODY_BYTES) });
    expect(response.status).toBe(200);
  });

  it("answers 413 to a body over 64 KiB with a Content-Length", async () => {
    const response = await gateway.call(TOKENIZATIONS, {
      shop,
      body: validRequestOfSize(MAX_BODY_BYTES + 1),
    });
    expect(await outcome(response)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it("answers 413 to a declared Content-Length over 64 KiB before reading it", async () => {
    const response = await gateway.call(TOKENIZATIONS, { shop, body: "x".repeat(1024 * 1024) });
    expect(await outcome(response)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it("reads a chunked body without Content-Length", async () => {
    const response = await postStream(validRequestOfSize(MAX_BODY_BYTES));
    expect(response.status).toBe(200);
  });

  it("answers 413 to a chunked body that grows past 64 KiB", async () => {
    const response = await postStream(validRequestOfSize(MAX_BODY_BYTES + 1));
    expect(await outcome(response)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it("lets a client go away mid-body: nothing written, logged as the client's 400, not a server error", async () => {
    const logsBefore = gateway.logs.length;
    const { request } = validRequest({ tracking_id: "went-away-mid-body" });
    const text = JSON.stringify({ request });
    const socket = net.connect(Number(new URL(gateway.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /gateway${TOKENIZATIONS} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${shop.authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text.slice(0, 40)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const found = await callJson(gateway, "/v2/transactions/tracking_id/went-away-mid-body", { shop });
    expect(found.body).toEqual({ transactions: [] });
    const lines = gateway.logs.slice(logsBefore).map((line) => JSON.parse(line));
    const accessLine = lines.find(
      (line) => line.msg === "request" && line.method === "POST" && line.status === 400,
    );
    expect(accessLine).toMatchObject({ path: `/gateway${TOKENIZATIONS}` });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const next = await postTokenization(gateway, shop, validRequest());
    expect(next.status).toBe(200);
  });

  it.each([
    ["text/plain", { "content-type": "text/plain" }],
    ["form data", { "content-type": "application/x-www-form-urlencoded" }],
    ["a type that only starts like JSON", { "content-type": "application/jsonp" }],
  ])("answers 415 to %s", async (_name, headers) => {
    const response = await gateway.call(TOKENIZATIONS, {
      shop,
      body: JSON.stringify(validRequest()),
      headers,
    });
    expect(await outcome(response)).toEqual({ status: 415, body: UNSUPPORTED });
  });

  it("answers 415 when the content type is missing", async () => {
    const response = await fetch(`${gateway.url}${TOKENIZATIONS}`, {
      method: "POST",
      headers: { authorization: shop.authorization },
      body: new TextEncoder().encode(JSON.stringify(validRequest())),
    });
    expect(await outcome(response)).toEqual({ status: 415, body: UNSUPPORTED });
  });

  it.each(["application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"])(
    "accepts %s",
    async (contentType) => {
      const response = await gateway.call(TOKENIZATIONS, {
        shop,
        body: JSON.stringify(validRequest()),
        headers: { "content-type": contentType },
      });
      expect(response.status).toBe(200);
    },
  );
});

describe("routing", () => {
  it.each(["/nope", "/transactions/a/b/c", "/v3/transactions/tracking_id/x"])(
    "answers 404 Not found to %s",
    async (path) => {
      const response = await callJson(gateway, path, { shop });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { message: "Not found" },
      });
    },
  );

  it("answers 405 with Allow to GET /transactions/tokenizations", async () => {
    const response = await callJson(gateway, TOKENIZATIONS, { shop, method: "GET" });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 405,
      body: { message: "Method not allowed" },
    });
    expect(response.headers.get("allow")).toContain("POST");
  });

  it.each([
    ["DELETE", "/transactions/0b8f7c3e-8f6a-4f5e-9d3c-2a1b0c9d8e7f", "GET"],
    ["PUT", TOKENIZATIONS, "POST"],
    ["POST", "/v2/transactions/tracking_id/some-id", "GET"],
    ["PATCH", "/transactions/tracking_id/some-id", "GET"],
  ])("answers 405 with Allow to %s %s", async (method, path, allowed) => {
    const response = await callJson(gateway, path, { shop, method });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 405,
      body: { message: "Method not allowed" },
    });
    expect(response.headers.get("allow")?.split(/,\s*/)).toContain(allowed);
  });
});

describe("hostile input never causes a 500", () => {
  const card = () => ({
    number: uniqueVisaNumber(seed++),
    verification_value: "123",
    exp_month: "12",
    exp_year: "2035",
  });
  const raw = (request: string) => `{"request": ${request}}`;
  // Appended, because with repeated keys JSON.parse keeps the last one.
  const withFields = (fields: string) => {
    const valid = JSON.stringify({ ...validRequest().request, credit_card: card() });
    return raw(`${valid.slice(0, -1)}, ${fields}}`);
  };
  const deep = (depth: number, open: string, close: string, leaf = "1") =>
    open.repeat(depth) + leaf + close.repeat(depth);
  const long = "x".repeat(10_000);

  const cases: [string, () => string][] = [
    ["amount 1e400", () => withFields('"amount": 1e400')],
    ["amount with 30 digits", () => withFields('"amount": 123456789012345678901234567890')],
    ["amount as 10,000 digits", () => withFields(`"amount": "${"9".repeat(10_000)}"`)],
    ["amount -0", () => withFields('"amount": -0')],
    ["amount 1e-400", () => withFields('"amount": 1e-400')],
    [
      "exp_year 1e308",
      () => raw(JSON.stringify({ ...validRequest().request, credit_card: { ...card(), exp_year: 1e308 } })),
    ],
    [
      "exp_month -1e308",
      () => raw(JSON.stringify({ ...validRequest().request, credit_card: { ...card(), exp_month: -1e308 } })),
    ],
    ["20,000 nested arrays in a known field", () => withFields(`"customer": ${deep(20_000, "[", "]")}`)],
    ["5,000 nested objects in an unknown field", () => withFields(`"extra": ${deep(5_000, '{"a":', "}")}`)],
    [
      "5,000 nested objects in travel",
      () => withFields(`"travel": {"airline": {"legs": [${deep(5_000, '{"a":', "}")}]}}`),
    ],
    ["a body of 30,000 nested arrays", () => deep(30_000, "[", "]")],
    [
      "credit_card as an array",
      () => raw(JSON.stringify({ ...validRequest().request, credit_card: [card()] })),
    ],
    ["customer as an array", () => withFields('"customer": [{"email": "a@b.co"}]')],
    ["billing_address as an array", () => withFields('"billing_address": ["US"]')],
    ["travel.airline as an array", () => withFields('"travel": {"airline": []}')],
    [
      "travel legs as arrays",
      () => withFields('"travel": {"airline": {"legs": [[], [1]], "passengers": [[]]}}'),
    ],
    ["additional_data as an array", () => withFields('"additional_data": []')],
    ["three_d_secure as an array", () => withFields('"three_d_secure": [true]')],
    [
      "the contract list as an object",
      () => withFields('"additional_data": {"contract": {"0": "recurring"}}'),
    ],
    ...(
      [
        "description",
        "tracking_id",
        "currency",
        "language",
        "notification_url",
        "return_url",
        "dynamic_billing_descriptor",
        "unknown_field",
      ] as const
    ).map((field): [string, () => string] => [
      `${field} of 10,000 characters`,
      () => withFields(`"${field}": "${long}"`),
    ]),
    ...(["number", "verification_value", "holder", "exp_month", "exp_year", "token"] as const).map(
      (field): [string, () => string] => [
        `credit_card.${field} of 10,000 characters`,
        () => raw(JSON.stringify({ ...validRequest().request, credit_card: { ...card(), [field]: long } })),
      ],
    ),
    ...(["ip", "email", "device_id", "birth_date"] as const).map((field): [string, () => string] => [
      `customer.${field} of 10,000 characters`,
      () => withFields(`"customer": {"${field}": "${long}"}`),
    ]),
    ...(["country", "state", "zip", "city"] as const).map((field): [string, () => string] => [
      `billing_address.${field} of 10,000 characters`,
      () => withFields(`"billing_address": {"country": "US", "${field}": "${long}"}`),
    ]),
    [
      "a ticket number of 10,000 characters",
      () => withFields(`"travel": {"airline": {"ticket_number": "${long}"}}`),
    ],
    [
      "10,000 receipt lines",
      () => withFields(`"additional_data": {"receipt_text": [${'"a",'.repeat(9_999)}"a"]}`),
    ],
    ["unicode text", () => withFields('"description": "Заказ №42 — 注文 🍕 ünïcödé ‏עברית‎"')],
    ["a lone surrogate in the description", () => withFields('"description": "broken \\ud800 text"')],
    ["a lone surrogate in the tracking id", () => withFields('"tracking_id": "broken-\\udfff"')],
    ["a NUL character in the description", () => withFields('"description": "nul \\u0000 inside"')],
    ["a NUL character in the tracking id", () => withFields('"tracking_id": "nul-\\u0000-inside"')],
    [
      "a NUL character in the holder",
      () =>
        raw(JSON.stringify({ ...validRequest().request, credit_card: { ...card(), holder: "Jo\u0000hn" } })),
    ],
    ["a NUL character in the device id", () => withFields('"customer": {"device_id": "dev-\\u0000"}')],
    ["a __proto__ key in the request", () => withFields('"__proto__": {"amount": 1, "polluted": true}')],
    ["a __proto__ key around the request", () => `{"__proto__": {"request": {"amount": 1}}, "request": {}}`],
    [
      "a __proto__ key in the card",
      () =>
        raw(
          `{"amount": 100, "currency": "USD", "description": "x", "credit_card": {"__proto__": {"number": "4200000000000000"}}}`,
        ),
    ],
    ["constructor.prototype keys", () => withFields('"constructor": {"prototype": {"polluted": true}}')],
    [
      "__proto__ as a required path segment",
      () => withFields('"customer": {"__proto__": {"email": "a@b.co"}}'),
    ],
  ];

  it.each(cases)("%s", async (_name, body) => {
    const text = body();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const response = await callJson(gateway, TOKENIZATIONS, { shop, body: text });
    expect(response.status).toBeLessThan(500);
    expect(response.body.transaction ?? response.body.message).toBeTruthy();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not fail valid requests that arrive together with one the database refuses", async () => {
    // Refused requests are spread among valid ones, so some share a write with them if the server groups
    // concurrent writes.
    const refused = (index: number) => index % 4 === 2;
    const failedValid: number[] = [];
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          refused(index)
            ? callJson(gateway, TOKENIZATIONS, {
                shop,
                body: withFields(`"tracking_id": "nul-${index}-\\u0000"`),
              })
            : postTokenization(gateway, shop, validRequest()),
        ),
      );
      responses.forEach((response, index) => {
        if (!refused(index) && response.status !== 200) failedValid.push(response.status);
      });
    }
    expect(failedValid).toEqual([]);
  });

  it("echoes unicode exactly", async () => {
    const description = "Заказ №42 — 注文 🍕 ünïcödé";
    const response = await postTokenization(
      gateway,
      shop,
      validRequest({ description, tracking_id: "注文-1;заказ-2" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.transaction.description).toBe(description);
    const found = await callJson(gateway, `/transactions/tracking_id/${encodeURIComponent("заказ-2")}`, {
      shop,
    });
    expect(found.body.transactions.map((transaction: { uid: string }) => transaction.uid)).toEqual([
      response.body.transaction.uid,
    ]);
  });

  it.each([
    "/transactions/%00",
    "/transactions/tracking_id/%00",
    "/transactions/%E0%A4%A",
    "/transactions/tracking_id/%ZZ",
  ])("answers the query %s without a 500", async (path) => {
    const response = await callJson(gateway, path, { shop });
    expect(response.status).toBeLessThan(500);
  });
});
