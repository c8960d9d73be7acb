import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import {
  callJson,
  futureExpiry,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { expectDocumentedAnswer } from "../openapi-answers";

/**
 * Every route the OpenAPI document names, sent what a careless or hostile client sends: bodies that are not the
 * request (not an object, nested past reason, cut off), each field of a well-formed request replaced by a value of
 * the wrong kind, path and query parameters no record could have (a NUL byte, 3,000 characters, a number past any
 * column's range). Whatever the answer, it must be the client's error in the documented shape — never a 5xx, never
 * an error in the server's log. The requests are built from the document itself, so a new route is covered the
 * day it is documented (meta.test.ts checks that every served route is), and every JSON answer, good or bad, is
 * checked against the schema the document gives for its status: what a merchant's generated client expects.
 */
let gateway: TestGateway;
let shop: TestShop;
let document: JsonBody;
/** A real record for each kind of path parameter, so that the bodies reach the handlers behind the lookups. */
const realParameters = new Map<string, string>();
/** A request each route accepts, where the document's schema alone gives none; its fields are then spoilt in turn. */
let wellFormedBodies: Record<string, unknown> = {};
const CARD = {
  number: "4200000000000000",
  verification_value: "123",
  holder: "Ada Lovelace",
  ...futureExpiry(),
};

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
  document = await (await gateway.call("/openapi.json")).json();

  const payment = await postPayment(
    gateway,
    shop,
    paymentRequest({ amount: 2500, currency: "EUR", duplicate_check: false }, { number: "4000000000002685" }),
  );
  expect(payment.body.transaction.status).toBe("successful");
  const uid = payment.body.transaction.uid;
  await gateway.runtime.disputeFeed.sweepOnce();
  const [dispute] = (await callJson(gateway, `/disputes?transaction_uid=${uid}`, { shop })).body;
  // A payment of its own to refund (the first is charged back), and an authorization to capture and void.
  const refundable = await postPayment(gateway, shop, paymentRequest({ duplicate_check: false }));
  const authorization = await postPayment(
    gateway,
    shop,
    paymentRequest({ duplicate_check: false }),
    "authorizations",
  );
  const tokenized = await callJson(gateway, "/transactions/tokenizations", {
    shop,
    body: tokenizationRequest({}, { number: "4012888888881881" }),
  });
  const customer = await callJson(gateway, "/customers", {
    shop,
    body: { email: "bad-input@example.com", ip: "192.0.2.10" },
  });
  const plan = await callJson(gateway, "/plans", {
    shop,
    body: { title: "Club", currency: "EUR", plan: { amount: 999, interval: 1, interval_unit: "month" } },
  });
  const checkout = await callJson(gateway, "/ctp/api/checkouts", {
    shop,
    body: {
      checkout: { transaction_type: "payment", order: { amount: 100, currency: "EUR", description: "Mug" } },
    },
  });
  const product = await callJson(gateway, "/products", {
    shop,
    body: { name: "Mug", description: "A blue mug", currency: "EUR", amount: 1500 },
  });
  const subscription = await callJson(gateway, "/subscriptions", {
    shop,
    body: { plan: { id: plan.body.id }, customer: { id: customer.body.id }, card: CARD },
  });
  for (const created of [
    refundable,
    authorization,
    tokenized,
    customer,
    plan,
    checkout,
    product,
    subscription,
  ]) {
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  }
  realParameters.set("uid", uid);
  realParameters.set("tracking_id", "bad-input");
  realParameters.set("id", dispute.id);
  const cardToken = tokenized.body.transaction.credit_card.token;
  realParameters.set("token", cardToken);
  realParameters.set("/customers/{id}", customer.body.id);
  realParameters.set("/plans/{id}", plan.body.id);
  realParameters.set("/ctp/api/checkouts/{token}", checkout.body.checkout.token);
  realParameters.set("/products/{id}", product.body.id);
  realParameters.set("/subscriptions/{id}", subscription.body.id);
  wellFormedBodies = {
    "POST /transactions/payments": paymentRequest({ duplicate_check: false }),
    "POST /transactions/authorizations": paymentRequest({ duplicate_check: false }),
    "POST /transactions/credits": {
      request: { amount: 250, currency: "EUR", description: "Winnings", credit_card: { token: cardToken } },
    },
    "POST /transactions/tokenizations": tokenizationRequest({ duplicate_check: false }),
    "POST /transactions/refunds": {
      request: { parent_uid: refundable.body.transaction.uid, amount: 1, reason: "Returned" },
    },
    "POST /transactions/captures": { request: { parent_uid: authorization.body.transaction.uid, amount: 1 } },
    "POST /transactions/voids": { request: { parent_uid: authorization.body.transaction.uid, amount: 1 } },
    "POST /credit_cards": {
      request: { number: "4111111111111111", holder: "Ada Lovelace", ...futureExpiry() },
    },
    "POST /customers": { email: "another@example.com", ip: "192.0.2.11", first_name: "Ada" },
    "POST /plans": {
      title: "Club",
      currency: "EUR",
      plan: { amount: 999, interval: 1, interval_unit: "month" },
    },
    "POST /products": { name: "Mug", description: "A blue mug", currency: "EUR", amount: 1500 },
    "POST /subscriptions": {
      plan: { id: plan.body.id },
      customer: { id: customer.body.id },
      card: { ...CARD, number: "4012888888881881" },
    },
    "POST /subscriptions/{id}/pause": { resume_at: "2099-01-01T00:00:00Z" },
    "POST /subscriptions/{id}/test_clock": { advance_to: "2099-01-01T00:00:00Z" },
    "POST /credit_cards/{token}": { request: { holder: "Ada Lovelace", ...futureExpiry() } },
    "POST /ctp/api/checkouts": {
      checkout: { transaction_type: "payment", order: { amount: 100, currency: "EUR", description: "Mug" } },
    },
    "POST /subscriptions/{id}/change_plan": { plan: { id: plan.body.id } },
  };
}, 60_000);

afterAll(async () => {
  await gateway.close();
});

/** Follows a local `$ref`. */
function resolve(node: JsonBody): JsonBody {
  if (node && typeof node.$ref === "string") {
    const path = node.$ref.replace(/^#\//, "").split("/");
    return resolve(path.reduce((current: JsonBody, key: string) => current?.[key], document));
  }
  return node;
}

/** A value of the schema's shape, every property filled in (the first alternative, enum value or default). */
function sample(node: JsonBody, depth = 0): unknown {
  const schema = resolve(node);
  if (!schema || depth > 6) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return sample(
      alternatives.find((branch: JsonBody) => resolve(branch)?.type !== "null"),
      depth + 1,
    );
  }
  const type = Array.isArray(schema.type) ? schema.type.find((name: string) => name !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, depth + 1)]),
      );
    case "array":
      return [sample(schema.items, depth + 1)];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      return (
        { uri: "https://merchant.example/back", email: "shopper@example.com" }[schema.format as string] ??
        "abc"
      );
    default:
      return "x";
  }
}

/** The paths to every field of a value, objects and arrays included, outermost first. */
function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== "object") return [path];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [path, ...entries.flatMap(([key, item]) => fieldPaths(item, [...path, key]))].filter(
    (p) => p.length,
  );
}

function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: JsonBody = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/** What replaces each field in turn: every JSON kind, and strings no column can hold or no parser expects. */
const WRONG_VALUES: unknown[] = [
  null,
  false,
  -1,
  1e21,
  "",
  "nul \u0000 inside",
  "x".repeat(5000),
  "💳\u202e",
  [],
  {},
];

/** Whole bodies that are not a request. */
const WRONG_BODIES = [
  "[]",
  "null",
  '"text"',
  "1e400",
  '{"request":[]}',
  "{".repeat(3000),
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
];

/** Path and query parameters that no record has. */
const WRONG_PARAMETERS = [
  "%00",
  "0",
  "-1",
  "99999999999999999999999",
  "%F0%9F%92%B3",
  "%E0%A4%A",
  "a".repeat(3000),
];

interface Finding {
  request: string;
  status: number;
  answer: string;
  logged: string[];
}

/** The status of the last answer `send` read. */
let lastStatus = 0;

/** JSON answers that are not what the document says an answer with their status is. */
const mismatches: string[] = [];

async function send(
  method: string,
  path: string,
  body?: string,
  authorization = shop.authorization,
  route?: string,
): Promise<Finding | null> {
  const logged = gateway.logs.length;
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
    // A link's pages redirect the shopper to the hosted page: the answer is the redirect, not its target.
    redirect: "manual",
  });
  lastStatus = response.status;
  const answer = await response.text();
  const errors = gateway.logs
    .slice(logged)
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.level >= 50)
    .map((entry) => `${entry.msg}: ${String(entry.err?.message ?? "").slice(0, 160)}`);
  const request = `${method} ${path.slice(0, 120)} ${body?.slice(0, 160) ?? ""}`;
  const finding = { request, status: response.status, answer: answer.slice(0, 160), logged: errors };
  if (response.status >= 500 || errors.length > 0) return finding;
  const type = response.headers.get("content-type") ?? "";
  if (route && type.startsWith("application/json")) {
    await expectDocumentedAnswer(gateway.url, method, path, response.status, answer).catch((error: Error) =>
      mismatches.push(error.message),
    );
  }

  if (response.status >= 400 && type.startsWith("application/json")) {
    // The documented error: a message, and field errors (when there are any) as an object.
    const parsed = JSON.parse(answer);
    if (typeof parsed.message !== "string") return finding;
    if (parsed.errors !== undefined && (typeof parsed.errors !== "object" || parsed.errors === null))
      return finding;
  }
  return null;
}

interface Operation {
  method: string;
  route: string;
  body: JsonBody | undefined;
  queries: string[];
}

function operations(): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, JsonBody>>).flatMap(
    ([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        route,
        body: operation.requestBody?.content?.["application/json"]?.schema,
        queries: (operation.parameters ?? [])
          .map(resolve)
          .filter((parameter: JsonBody) => parameter.in === "query")
          .map((parameter: JsonBody) => parameter.name),
      })),
  );
}

/** The route with its real records, or with `wrong` in every parameter. */
function pathOf(route: string, wrong?: string): string {
  return route.replace(/\{([^}]+)\}/g, (_, name) => {
    if (wrong !== undefined) return wrong;
    return realParameters.get(route.slice(0, route.indexOf("}") + 1)) ?? realParameters.get(name) ?? "abc";
  });
}

/** A canceled subscription takes no plan change, and a rotated secret locks the test out: these are sent last. */
const LAST = ["POST /subscriptions/{id}/cancel", "DELETE /shop/sessions/current", "POST /shop/secret_key"];

describe("what the gateway answers to values no record can have", () => {
  it("refuses a transaction uid filter that is not a uid, naming it", async () => {
    for (const path of ["/disputes?transaction_uid=%00", "/early_fraud_warnings?transaction_uid=not-a-uid"]) {
      const response = await callJson(gateway, path, { shop });
      expect({ status: response.status, errors: response.body.errors }, path).toEqual({
        status: 422,
        errors: { transaction_uid: ["is invalid"] },
      });
    }
  });

  it("answers a receipt whose uid has a NUL byte as an unknown one", async () => {
    const response = await fetch(`${gateway.url}/process/%00/receipt`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("refuses evidence text the database cannot store, field by field", async () => {
    const id = realParameters.get("id");
    const response = await callJson(gateway, `/disputes/${id}/evidence`, {
      shop,
      body: { evidence: { customer_name: "Ada \u0000", product_description: "A mug" } },
    });
    expect({ status: response.status, errors: response.body.errors }).toEqual({
      status: 422,
      errors: { evidence: { customer_name: ["contains invalid characters"] } },
    });
  });

  it("answers a subscription's customer id with a NUL byte as a customer that does not exist", async () => {
    const response = await callJson(gateway, "/subscriptions", {
      shop,
      body: { plan: { id: realParameters.get("/plans/{id}") }, customer: { id: "cst_\u0000" }, card: CARD },
    });
    expect({ status: response.status, errors: response.body.errors }).toEqual({
      status: 422,
      errors: { customer: { id: ["Customer does not exist."] } },
    });
  });
});

// After the others: it rotates the shop's secret at its end.
describe("every documented route, sent bad input", () => {
  it("answers the client's error in the documented shape, never a server error", async () => {
    const all = operations();
    const last = (op: Operation) => LAST.indexOf(`${op.method} ${op.route}`);
    const ordered = [
      ...all.filter((op) => last(op) < 0),
      ...all.filter((op) => last(op) >= 0).sort((a, b) => last(a) - last(b)),
    ];
    expect(ordered.length).toBeGreaterThan(50);
    const findings: Finding[] = [];
    let sent = 0;
    // A throttled client's requests reach no handler: had any been, the run would have proven nothing.
    let throttled = 0;
    let currentRoute = "";
    const check = async (method: string, path: string, body?: string) => {
      sent += 1;
      const finding = await send(method, path, body, shop.authorization, currentRoute);
      if (finding) findings.push(finding);
      if (finding?.status === 429 || lastStatus === 429) throttled += 1;
    };
    for (const { method, route, body, queries } of ordered) {
      const path = pathOf(route);
      currentRoute = route;
      if (body) {
        const wellFormed = wellFormedBodies[`${method} ${route}`] ?? sample(body);
        await check(method, path, JSON.stringify(wellFormed));
        for (const wrong of WRONG_BODIES) await check(method, path, wrong);
        for (const field of fieldPaths(wellFormed)) {
          for (const value of WRONG_VALUES)
            await check(method, path, JSON.stringify(replaced(wellFormed, field, value)));
        }
      } else {
        await check(method, path);
      }
      if (route.includes("{")) {
        for (const wrong of WRONG_PARAMETERS)
          await check(method, pathOf(route, wrong), body ? "{}" : undefined);
      }
      for (const query of queries) {
        for (const wrong of [...WRONG_PARAMETERS, "", `1&${query}=2`])
          await check(method, `${path}?${query}=${wrong}`);
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(throttled).toBe(0);
    // And every JSON answer is what the document says an answer with its status is.
    expect([...new Set(mismatches)]).toEqual([]);
    expect(findings).toEqual([]);
  }, 600_000);
});

describe("a checkout session's own token, sent bad input", () => {
  it("answers every spoilt attempt as the shopper's error", async () => {
    // A shop of its own: the other tests' shop has rotated its secret by now.
    const owner = await gateway.createShop({ new_card_limit_per_minute: 0 });
    /** A new session; another is opened whenever an attempt that was still good enough finishes one. */
    const openSession = async () => {
      const created = await callJson(gateway, "/ctp/api/checkouts", {
        shop: owner,
        body: {
          checkout: {
            transaction_type: "payment",
            order: { amount: 700, currency: "EUR", description: "Mug" },
            settings: { return_url: "https://merchant.example/back" },
            customer: { email: "shopper@example.com", first_name: "Ada", last_name: "Lovelace" },
          },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return `Bearer ${created.body.checkout.token}`;
    };
    let bearer = await openSession();
    const attempt = {
      request: {
        credit_card: { ...CARD, number: "4111111111111111" },
        customer: { email: "shopper@example.com", ip: "192.0.2.12" },
        billing_address: { first_name: "Ada", last_name: "Lovelace", country: "GB", city: "London" },
        browser: { language: "en", screen_width: 1280, screen_height: 800, time_zone: -60 },
      },
    };
    const findings: Finding[] = [];
    const refusedFields = new Set<string>();
    const check = async (method: string, path: string, body?: string) => {
      const finding = await send(method, path, body, bearer);
      if (finding) findings.push(finding);
      if (lastStatus === 200 && path === "/transactions/tokenizations") bearer = await openSession();
    };
    for (const wrong of WRONG_BODIES) await check("POST", "/transactions/tokenizations", wrong);
    for (const field of fieldPaths(attempt)) {
      for (const value of WRONG_VALUES) {
        await check("POST", "/transactions/tokenizations", JSON.stringify(replaced(attempt, field, value)));
        if (lastStatus === 422) refusedFields.add(field.join("."));
      }
    }
    // The attempts reached the validation of their fields, not a refusal of the session as a whole.
    expect([...refusedFields]).toEqual(
      expect.arrayContaining([
        "request.credit_card.number",
        "request.customer.email",
        "request.billing_address.country",
      ]),
    );
    // Last: a token used on another session's routes is a failed authentication, and enough of them throttle
    // this client's every request for a minute.
    for (const wrong of WRONG_PARAMETERS) {
      await check("GET", `/transactions/${wrong}`);
      await check("GET", `/ctp/api/checkouts/${wrong}`);
      await check("POST", `/ctp/api/checkouts/${wrong}/cancel`, "{}");
    }
    expect(findings).toEqual([]);
  }, 600_000);
});
