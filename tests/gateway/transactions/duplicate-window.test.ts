import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { startWebhookReceiver } from "../webhook-receiver";

const DUPLICATE = { message: "Duplicate transaction", errors: { base: ["Duplicate transaction"] } };

let gateway: TestGateway;
let clock: ManualClock;
let shop: TestShop;
let otherShop: TestShop;
let seed = 700_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock });
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

function send(
  number: string,
  overrides: Record<string, unknown> = {},
  as: TestShop = shop,
): Promise<JsonResponse> {
  return postTokenization(gateway, as, tokenizationRequest({ amount: 100, ...overrides }, { number }));
}

function expectDuplicate(response: JsonResponse) {
  expect({ status: response.status, body: response.body }).toEqual({ status: 422, body: DUPLICATE });
}

async function storedCount(trackingId: string): Promise<number> {
  const response = await callJson(gateway, `/transactions/tracking_id/${trackingId}`, { shop });
  return response.body.transactions.length;
}

describe("the 30-second duplicate window", () => {
  it("rejects the same shop, amount and card at +29.9 s and accepts it at +30.1 s", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { tracking_id: "window-edge" })).status).toBe(200);
    clock.advance(29_900);
    expectDuplicate(await send(number, { tracking_id: "window-edge" }));
    expect(await storedCount("window-edge")).toBe(1);
    clock.advance(200);
    expect((await send(number, { tracking_id: "window-edge" })).status).toBe(200);
    expect(await storedCount("window-edge")).toBe(2);
  });

  it("accepts a request exactly 30 s after the original", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number)).status).toBe(200);
    clock.advance(30_000);
    expect((await send(number)).status).toBe(200);
  });

  it("counts the window from the last accepted request, not from a rejected one", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number)).status).toBe(200);
    clock.advance(20_000);
    expectDuplicate(await send(number));
    clock.advance(10_100);
    expect((await send(number)).status).toBe(200);
    clock.advance(29_000);
    expectDuplicate(await send(number));
  });

  it("treats an amount sent as a string like the same integer", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { amount: 4321 })).status).toBe(200);
    expectDuplicate(await send(number, { amount: "4321" }));
  });
});

describe("what is not a duplicate", () => {
  it("a different amount", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { amount: 100 })).status).toBe(200);
    expect((await send(number, { amount: 101 })).status).toBe(200);
  });

  it("a different shop", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number)).status).toBe(200);
    expect((await send(number, {}, otherShop)).status).toBe(200);
  });

  it("a different card", async () => {
    expect((await send(uniqueVisaNumber(seed++))).status).toBe(200);
    expect((await send(uniqueVisaNumber(seed++))).status).toBe(200);
  });

  it("the same card with another expiry, holder or description is still a duplicate", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number)).status).toBe(200);
    const changed = tokenizationRequest(
      { amount: 100, description: "Another order", tracking_id: "changed" },
      { number, exp_month: "01", exp_year: "2036", holder: "Someone Else" },
    );
    expectDuplicate(await postTokenization(gateway, shop, changed));
  });
});

describe("duplicate_check: false", () => {
  it("exempts the request that carries it, and that request is stored", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { tracking_id: "unchecked" })).status).toBe(200);
    expect((await send(number, { tracking_id: "unchecked", duplicate_check: false })).status).toBe(200);
    expect((await send(number, { tracking_id: "unchecked", duplicate_check: false })).status).toBe(200);
    expect(await storedCount("unchecked")).toBe(3);
  });

  it("still makes a later checked request a duplicate of it", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { duplicate_check: false })).status).toBe(200);
    clock.advance(1_000);
    expectDuplicate(await send(number));
  });
});

describe("declined and rejected requests", () => {
  it("a declined transaction counts as an earlier request", async () => {
    const declined = await send("4005550000000019", { amount: 777 });
    expect(declined.body.transaction.status).toBe("failed");
    expectDuplicate(await send("4005550000000019", { amount: 777 }));
  });

  it("stores nothing for a rejected duplicate", async () => {
    const number = uniqueVisaNumber(seed++);
    expect((await send(number, { tracking_id: "nothing-stored" })).status).toBe(200);
    for (let i = 0; i < 3; i++) expectDuplicate(await send(number, { tracking_id: "nothing-stored" }));
    expect(await storedCount("nothing-stored")).toBe(1);
  });

  it("a request rejected for its fields is not remembered either", async () => {
    const number = uniqueVisaNumber(seed++);
    const invalid = await send(number, { currency: "usd" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ currency: ["is invalid"] });
    expect((await send(number)).status).toBe(200);
  });
});

describe("a duplicate with a verification_url", () => {
  it("is refused before the merchant is asked about it", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const number = uniqueVisaNumber(seed++);
      const verified = { verification_url: `${receiver.origin}/verify`, tracking_id: "verify-duplicate" };
      expect((await send(number, verified)).body.transaction.status).toBe("successful");
      expect(receiver.received).toHaveLength(1);
      clock.advance(10_000);
      expectDuplicate(await send(number, verified));
      expect(receiver.received).toHaveLength(1);
      // With the check off, the repeat is a transaction of its own and is verified like any other.
      expect((await send(number, { ...verified, duplicate_check: false })).status).toBe(200);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
