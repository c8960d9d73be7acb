import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { GATEWAY_BASE_PATH } from "@/lib/gateway/http/app";
import {
  callJson,
  createTestDatabase,
  type JsonBody,
  startTestGateway,
  type TestGateway,
  type TestShop,
} from "../harness";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway.close();
});

describe("GET /gateway/health", () => {
  it("answers 200 without authentication", async () => {
    const response = await callJson(gateway, "/health");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("ignores credentials it does not need", async () => {
    const response = await callJson(gateway, "/health", { headers: { authorization: "Basic bm9wZTpub3Bl" } });
    expect(response.status).toBe(200);
  });

  it("answers 503 when the database is down", async () => {
    // A gateway of its own whose database connection the test closes under it (a pool ended, PGlite shut).
    const database = await createTestDatabase();
    let handle: DatabaseHandle | undefined;
    let closed: Promise<void> | undefined;
    const downGateway = await startTestGateway({
      database: {
        ...database,
        async open() {
          const opened = await database.open();
          // Closed once, by the test; the gateway's own close later finds it closed.
          handle = { ...opened, close: () => (closed ??= opened.close()) };
          return handle;
        },
      },
    });
    try {
      expect((await callJson(downGateway, "/health")).status).toBe(200);
      await handle!.close();
      const logged = downGateway.logs.length;
      const response = await callJson(downGateway, "/health");
      expect({ status: response.status, body: response.body }).toEqual({
        status: 503,
        body: { status: "error", database: "unavailable" },
      });
      const errors = downGateway.logs.slice(logged).map((line) => JSON.parse(line));
      expect(errors).toContainEqual(
        expect.objectContaining({ level: 50, msg: "health check: database unavailable" }),
      );
    } finally {
      await downGateway.close();
      await database.drop();
    }
  });
});

describe("GET /gateway/openapi.json", () => {
  let document: JsonBody;

  /** Follows local `$ref`s so assertions can walk the schema as if it were inlined. */
  function resolve(node: JsonBody): JsonBody {
    if (node && typeof node.$ref === "string") {
      const target = node.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce((current: JsonBody, key: string) => current?.[key], document);
      return resolve(target);
    }
    return node;
  }

  beforeAll(async () => {
    const response = await gateway.call("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    document = await response.json();
  });

  it("is an OpenAPI 3.1 document served without authentication", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.servers).toEqual([{ url: "http://localhost:3999/gateway" }]);
  });

  it("describes the tokenization request", () => {
    const operation = document.paths["/transactions/tokenizations"]?.post;
    expect(operation).toBeDefined();
    const body = resolve(operation.requestBody.content["application/json"].schema);
    const request = resolve(body.properties.request);
    const card = resolve(request.properties.credit_card);
    expect(Object.keys(card.properties)).toEqual(
      expect.arrayContaining(["number", "verification_value", "holder", "exp_month", "exp_year", "token"]),
    );
    expect(request.properties).toHaveProperty("amount");
    expect(request.properties).toHaveProperty("travel");
  });

  it("describes the transaction in the tokenization response", () => {
    const operation = document.paths["/transactions/tokenizations"].post;
    // The merchant's answer; a checkout token gets the shopper's view (the second alternative).
    const body = resolve(operation.responses["200"].content["application/json"].schema.oneOf[0]);
    const transaction = resolve(body.properties.transaction);
    const card = resolve(transaction.properties.credit_card);
    // Null until the tokenization succeeds, like the token.
    expect(JSON.stringify(card.properties.stamp)).toContain('"string"');
    expect(JSON.stringify(card.properties.stamp)).toContain('"null"');
    expect(transaction.properties).toHaveProperty("three_d_secure_verification");
  });

  it("describes payments, payouts and card tokens with their request and response schemas", () => {
    const body = (path: string, method = "post") =>
      resolve(document.paths[path][method].requestBody.content["application/json"].schema);
    const payment = resolve(body("/transactions/payments").properties.request);
    expect(Object.keys(resolve(payment.properties.credit_card).properties)).toEqual(
      expect.arrayContaining(["number", "token", "verification_value"]),
    );
    expect(payment.properties).toHaveProperty("additional_data");
    expect(resolve(body("/transactions/credits").properties.request).properties).not.toHaveProperty(
      "return_url",
    );
    expect(resolve(body("/credit_cards").properties.request).properties).toHaveProperty("token");
    const answer =
      document.paths["/transactions/authorizations"].post.responses["200"].content["application/json"];
    const transaction = resolve(resolve(answer.schema).properties.transaction);
    for (const type of ["payment", "authorization", "credit"]) {
      expect(Object.keys(resolve(transaction.properties[type]).properties)).toEqual(
        expect.arrayContaining(["status", "message", "auth_code", "rrn", "ref_id", "bank_code"]),
      );
    }
    const card = document.paths["/credit_cards"].post.responses["200"].content["application/json"];
    expect(resolve(card.schema).required).toEqual(expect.arrayContaining(["token", "last_4", "exp_month"]));
  });

  it("gives the field limits of the tokenization request", () => {
    /** A string field's `maxLength`, also when the field may be null (`anyOf` string | null). */
    const maxLength = (node: JsonBody): unknown => {
      const field = resolve(node);
      return field.anyOf
        ? field.anyOf.find((branch: JsonBody) => branch.type === "string")?.maxLength
        : field.maxLength;
    };
    const operation = document.paths["/transactions/tokenizations"].post;
    const request = resolve(
      resolve(operation.requestBody.content["application/json"].schema).properties.request,
    );
    expect(maxLength(request.properties.description)).toBe(255);
    expect(maxLength(request.properties.tracking_id)).toBe(255);
    expect(maxLength(resolve(request.properties.credit_card).properties.holder)).toBe(35);
  });

  it("documents every route the app serves, and serves every documented one", async () => {
    // Handlers that exist only to refuse a method (so the path is not read as a transaction uid) are not
    // operations; they must answer 405.
    const refusals = [
      "tokenizations",
      "payments",
      "authorizations",
      "credits",
      "captures",
      "voids",
      "refunds",
    ].flatMap((path) => ["GET", "PUT", "PATCH", "DELETE"].map((method) => `${method} /transactions/${path}`));
    const shop: TestShop = await gateway.createShop();
    for (const refusal of refusals) {
      const [method, path] = refusal.split(" ");
      expect((await gateway.call(path, { method, shop })).status, refusal).toBe(405);
    }
    // Path parameters are named differently in Hono (`:trackingId`) and the document (`{tracking_id}`).
    const normalise = (path: string) => path.replace(/:[^/]+|\{[^}]+\}/g, "{}");
    const served = gateway.runtime.app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${normalise(route.path.slice(GATEWAY_BASE_PATH.length))}`)
      .filter((route) => !refusals.includes(route));
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${normalise(path)}`),
    );
    expect(served.length).toBeGreaterThan(20);
    expect(served).toEqual(expect.arrayContaining(["GET /process/{}", "POST /process/{}"]));
    expect([...new Set(served)].sort()).toEqual([...new Set(documented)].sort());
  });

  it("documents the issuer's pages as HTML without credentials", () => {
    for (const path of ["/process/{uid}", "/process/{uid}/method"]) {
      for (const method of ["get", "post"]) {
        expect(document.paths[path][method].security, `${method} ${path}`).toEqual([]);
        expect(document.paths[path][method].responses["200"].content).toHaveProperty("text/html");
      }
    }
  });

  it("lists the queries and the public endpoints", () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/transactions/{uid}",
        "/v2/transactions/tracking_id/{tracking_id}",
        "/transactions/tracking_id/{tracking_id}",
        "/health",
        "/openapi.json",
      ]),
    );
    expect(document.paths["/health"].get.security).toEqual([]);
    expect(document.components.securitySchemes).toMatchObject({
      shopBasic: { type: "http", scheme: "basic" },
    });
  });
});

describe("methods on the public endpoints", () => {
  it.each(["/health", "/openapi.json"])("answers 405 with Allow to POST %s", async (path) => {
    const response = await callJson(gateway, path, { method: "POST" });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 405,
      body: { message: "Method not allowed" },
    });
    expect(response.headers.get("allow")?.split(/,\s*/)).toContain("GET");
  });
});
