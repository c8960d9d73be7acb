import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLuhnValid } from "@/lib/cards/luhn";
import { callJson, startTestGateway, type TestGateway, type TestShop, tokenizationRequest } from "../harness";
import { paymentRequest } from "../money-helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway();
    shop = await gateway.createShop();
  }, 60_000);
  afterAll(() => gateway?.close());

  it("is on every answer: a new UUID when the caller sent none", async () => {
    const answers = [
      await gateway.call("/health"),
      await gateway.call("/transactions/tokenizations", { shop, body: tokenizationRequest() }),
      await gateway.call("/transactions/tokenizations", { shop, body: { request: {} } }),
      await gateway.call("/transactions/tokenizations", { body: tokenizationRequest() }),
      await gateway.call("/no/such/path"),
      await gateway.call("/transactions/tokenizations", { method: "DELETE", shop }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 422, 401, 404, 405]);
    const ids = answers.map((answer) => answer.headers.get("x-request-id") ?? "");
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the caller's when well-formed (1–128 of A-Z a-z 0-9 . _ -), replaces anything else", async () => {
    const sent = async (value: string) =>
      (await gateway.call("/health", { headers: { "x-request-id": value } })).headers.get("x-request-id");
    expect(await sent("lb-7f3a.b_9")).toBe("lb-7f3a.b_9");
    const longest = "a".repeat(128);
    expect(await sent(longest)).toBe(longest);
    for (const bad of ["a".repeat(129), "has space", "semi;colon", 'quote"d', "ünïcode"]) {
      const answered = await sent(bad);
      expect(answered).not.toBe(bad);
      expect(answered).toMatch(UUID);
    }
  });

  it("names every log line of its request, from the access line to the domain's own", async () => {
    const requestId = "trace-me-0001";
    // A shop with a tight card-family limit logs a warning from deep inside the tokenization.
    const tester = await gateway.createShop();
    const family: string[] = [];
    for (let middle = 0; family.length < 4; middle++) {
      const number = `42424242${String(middle).padStart(4, "0")}4242`;
      if (isLuhnValid(number)) family.push(number);
    }
    const before = gateway.logs.length;
    const statuses: number[] = [];
    for (const [index, number] of family.entries()) {
      const answer = await gateway.call("/transactions/tokenizations", {
        shop: tester,
        body: tokenizationRequest({}, { number }),
        headers: { "x-request-id": index === 3 ? requestId : `other-${index}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const mine = gateway.logs
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((record) => record.requestId === requestId);
    const messages = mine.map((record) => record.msg);
    expect(messages).toContain("tokenization refused by a card limit");
    expect(messages).toContain("request");
    // Lines of the other requests carry their own ids, never this one.
    const others = gateway.logs
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((record) => record.msg === "request" && record.requestId !== requestId);
    expect(others.map((record) => record.requestId)).toEqual(["other-0", "other-1", "other-2"]);
  });

  it("a payment writes one line, its request's, which names the transaction, its shop, type and status", async () => {
    const before = gateway.logs.length;
    const paid = await callJson(gateway, "/transactions/payments", {
      shop,
      body: paymentRequest({ duplicate_check: false }),
      headers: { "x-request-id": "one-line-0001" },
    });
    expect(paid.status).toBe(200);
    const lines = gateway.logs
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((record) => record.requestId === "one-line-0001");
    expect(lines.map((record) => record.msg)).toEqual(["request"]);
    expect(lines[0]).toMatchObject({
      method: "POST",
      path: "/gateway/transactions/payments",
      status: 200,
      transactionUid: paid.body.transaction.uid,
      shopId: shop.id,
      transactionType: "payment",
      transactionStatus: "successful",
    });
  });

  it("is named in a 500's generic body, and the logged cause carries it", async () => {
    const shops = gateway.runtime.deps.shops;
    const authenticate = shops.authenticate;
    shops.authenticate = async () => {
      throw new Error("the directory failed");
    };
    try {
      const before = gateway.logs.length;
      const answer = await callJson(gateway, "/transactions/tokenizations", {
        shop,
        body: tokenizationRequest(),
        headers: { "x-request-id": "support-ticket-77" },
      });
      expect(answer.status).toBe(500);
      expect(answer.headers.get("x-request-id")).toBe("support-ticket-77");
      expect(answer.body).toEqual({
        message: "Internal server error (request id support-ticket-77)",
        request_id: "support-ticket-77",
      });
      const logged = gateway.logs
        .slice(before)
        .map((line) => JSON.parse(line))
        .find((record) => record.msg === "unhandled gateway error");
      expect(logged?.requestId).toBe("support-ticket-77");
      expect(logged?.err?.message).toBe("the directory failed");
    } finally {
      shops.authenticate = authenticate;
    }
  });
});
