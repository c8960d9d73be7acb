import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callJson, type JsonBody, startTestGateway, type TestGateway } from "./harness";

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
    const body = resolve(operation.responses["200"].content["application/json"].schema);
    const transaction = resolve(body.properties.transaction);
    const card = resolve(transaction.properties.credit_card);
    expect(card.properties.stamp).toMatchObject({ type: "string" });
    expect(transaction.properties).toHaveProperty("three_d_secure_verification");
  });

  it("lists the queries and the public endpoints", () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/transactions/{uid}",
        "/v2/transactions/tracking_id/{tracking_id}",
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
