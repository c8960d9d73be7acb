import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "@/lib/db/schema";
import { ManualClock } from "@/lib/gateway/clock";
import { deleteExpiredIdempotencyKeys } from "@/lib/gateway/idempotency/delete-expired-idempotency-keys";
import { createParent, postChild, readTransaction } from "../child-helpers";
import {
  callJson,
  instancesOnOneDatabase,
  type JsonResponse,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { paymentRequest, RecordingAcquirer } from "../money-helpers";

let seed = 610_000;

/** A tokenization request of a card no other test uses; a plain repeat would be a duplicate (422). */
function freshRequest(trackingId: string, amount = 100) {
  return tokenizationRequest({ amount, tracking_id: trackingId }, { number: uniqueVisaNumber(seed++) });
}

function post(
  gateway: TestGateway,
  shop: TestShop,
  body: unknown,
  headers: Record<string, string>,
  path = "/transactions/tokenizations",
): Promise<JsonResponse> {
  return callJson(gateway, path, { shop, body, headers });
}

async function storedCount(gateway: TestGateway, shop: TestShop, trackingId: string): Promise<number> {
  const response = await callJson(gateway, `/transactions/tracking_id/${trackingId}`, { shop });
  return response.body.transactions.length;
}

describe("RequestID / Idempotency-Key", () => {
  let gateway: TestGateway;
  let shop: TestShop;
  let otherShop: TestShop;

  beforeAll(async () => {
    gateway = await startTestGateway();
    [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
  });

  afterAll(async () => {
    await gateway.close();
  });

  it("replays the first response to a repeat with the same body, and stores one transaction", async () => {
    const body = freshRequest("idem-replay");
    const first = await post(gateway, shop, body, { RequestID: "order-1-attempt" });
    expect(first.status).toBe(200);
    expect(first.body.transaction.status).toBe("successful");
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const repeat = await post(gateway, shop, body, { RequestID: "order-1-attempt" });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.headers.get("content-type")).toMatch(/^application\/json/);
    expect(repeat.body).toEqual(first.body);
    expect(await storedCount(gateway, shop, "idem-replay")).toBe(1);
  });

  it("accepts Idempotency-Key as the header's other name", async () => {
    const body = freshRequest("idem-alias");
    const first = await post(gateway, shop, body, { "Idempotency-Key": "alias-key" });
    const repeat = await post(gateway, shop, body, { "Idempotency-Key": "alias-key" });
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body.transaction.uid).toBe(first.body.transaction.uid);
    expect(await storedCount(gateway, shop, "idem-alias")).toBe(1);
  });

  it("without a key, a repeat is a new request (here refused as a duplicate)", async () => {
    const body = freshRequest("idem-none");
    expect((await post(gateway, shop, body, {})).status).toBe(200);
    const repeat = await post(gateway, shop, body, {});
    expect(repeat.status).toBe(422);
    expect(repeat.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 422 to the same key with another body, and runs nothing", async () => {
    await post(gateway, shop, freshRequest("idem-other-a"), { RequestID: "reused-key" });
    const other = await post(gateway, shop, freshRequest("idem-other-b"), { RequestID: "reused-key" });
    expect({ status: other.status, body: other.body }).toEqual({
      status: 422,
      body: {
        message:
          "RequestID has already been used for another request; send a new RequestID for a new request",
        errors: {
          base: [
            "RequestID has already been used for another request; send a new RequestID for a new request",
          ],
        },
      },
    });
    expect(await storedCount(gateway, shop, "idem-other-b")).toBe(0);
  });

  it("keeps nothing derived from the security code: a repeat differing only in it is the same request", async () => {
    const number = uniqueVisaNumber(seed++);
    const withCode = (code: string) =>
      tokenizationRequest({ amount: 100, tracking_id: "idem-code" }, { number, verification_value: code });
    const first = await post(gateway, shop, withCode("123"), { RequestID: "code-key" });
    expect(first.status).toBe(200);
    const repeat = await post(gateway, shop, withCode("987"), { RequestID: "code-key" });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body.transaction.uid).toBe(first.body.transaction.uid);
    // The kept digest of a request is the same whatever its security code: it cannot tell one code from another.
    await post(gateway, otherShop, withCode("555"), { RequestID: "code-key-a" });
    await post(gateway, otherShop, withCode("556"), { RequestID: "code-key-b" });
    const digests = await gateway.runtime.deps.db
      .select({ key: idempotencyKeys.key, requestHash: idempotencyKeys.requestHash })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.shopId, otherShop.id));
    const byKey = new Map(digests.map((row) => [row.key, row.requestHash]));
    expect(byKey.get("code-key-a")).toBeDefined();
    expect(byKey.get("code-key-a")).toBe(byKey.get("code-key-b"));
  });

  it("cannot confirm a guessed card number: a repeat differing only in the hidden digits is the same request", async () => {
    // Two Luhn-valid numbers with the same first 6 and last 4 digits: what a response shows of the card.
    const number = "4000001234568004";
    const guess = "4000009876528004";
    const withNumber = (cardNumber: string) =>
      tokenizationRequest({ amount: 100, tracking_id: "idem-guess" }, { number: cardNumber });
    const first = await post(gateway, shop, withNumber(number), { RequestID: "guess-key" });
    expect(first.status).toBe(200);
    const repeat = await post(gateway, shop, withNumber(guess), { RequestID: "guess-key" });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body).toEqual(first.body);
    // A number whose shown digits differ is another request, as any other field.
    const other = await post(gateway, shop, withNumber(uniqueVisaNumber(seed++)), { RequestID: "guess-key" });
    expect(other.status).toBe(422);
  });

  it("answers 422 to the same key and body on another endpoint", async () => {
    const customer = { email: "jane@example.com", ip: "203.0.113.7" };
    expect((await post(gateway, shop, customer, { RequestID: "cross-path" }, "/customers")).status).toBe(201);
    const other = await post(
      gateway,
      shop,
      customer,
      { RequestID: "cross-path" },
      "/transactions/tokenizations",
    );
    expect(other.status).toBe(422);
    expect(other.body.errors.base[0]).toMatch(/^RequestID has already been used/);
  });

  it("keeps keys per shop: another shop's same key is its own request", async () => {
    const body = freshRequest("idem-shops");
    const mine = await post(gateway, shop, body, { RequestID: "shared-name" });
    const theirs = await post(gateway, otherShop, body, { RequestID: "shared-name" });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.transaction.uid).not.toBe(mine.body.transaction.uid);
    expect(await storedCount(gateway, otherShop, "idem-shops")).toBe(1);
  });

  it("replays other status codes as they were (201 of a customer creation, 422 of a validation)", async () => {
    const customer = { email: "kim@example.com", ip: "203.0.113.8" };
    const created = await post(gateway, shop, customer, { RequestID: "customer-1" }, "/customers");
    const again = await post(gateway, shop, customer, { RequestID: "customer-1" }, "/customers");
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);

    const invalid = tokenizationRequest({ amount: 0 });
    const refused = await post(gateway, shop, invalid, { RequestID: "invalid-1" });
    const refusedAgain = await post(gateway, shop, invalid, { RequestID: "invalid-1" });
    expect(refused.status).toBe(422);
    expect(refusedAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(refusedAgain.body).toEqual(refused.body);
  });

  it("refuses a key that is too long or not printable ASCII", async () => {
    const tooLong = await post(gateway, shop, freshRequest("idem-long"), { RequestID: "k".repeat(256) });
    expect({ status: tooLong.status, body: tooLong.body }).toEqual({
      status: 422,
      body: {
        message: "RequestID must be 1 to 255 printable ASCII characters",
        errors: { base: ["RequestID must be 1 to 255 printable ASCII characters"] },
      },
    });
    expect(await storedCount(gateway, shop, "idem-long")).toBe(0);
  });

  it("leaves the hosted page's requests (checkout token) alone", async () => {
    const created = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          attempts: 3,
          order: { amount: 100, currency: "USD", description: "Idempotency" },
        },
      },
      headers: { RequestID: "checkout-1" },
    });
    expect(created.status).toBe(201);
    const token = created.body.checkout.token;
    // The merchant's key "checkout-1" named another request; under shop credentials this would be a 422.
    const paid = await callJson(gateway, "/transactions/tokenizations", {
      body: tokenizationRequest({}, { number: uniqueVisaNumber(seed++) }),
      headers: { authorization: `Bearer ${token}`, RequestID: "checkout-1" },
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("idempotent-replayed")).toBeNull();
    expect(paid.body.transaction.status).toBe("successful");
  });

  it("keeps no credential it hands out: a new secret key or admin session id is never stored for replay", async () => {
    const owner = await gateway.createShop();
    const session = await callJson(gateway, "/shop/sessions", {
      method: "POST",
      shop: owner,
      headers: { RequestID: "sign-in-1" },
    });
    expect(session.status).toBe(201);
    const rotated = await callJson(gateway, "/shop/secret_key", {
      method: "POST",
      shop: owner,
      headers: { RequestID: "rotate-1" },
    });
    expect(rotated.status).toBe(200);

    // The shop keeps its secret key sealed and a session id only as a hash; a plain copy beside them would undo it.
    const stored = await gateway.runtime.deps.db
      .select({ body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.shopId, owner.id));
    const text = JSON.stringify(stored);
    expect(text).not.toContain(rotated.body.secret_key);
    expect(text).not.toContain(session.body.session.id);
  });
});

describe(`concurrent repeats of one key (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const acquirers = [new RecordingAcquirer(), new RecordingAcquirer()];
  const instances = instancesOnOneDatabase((index) => ({ acquirer: acquirers[index] }));
  let shop: TestShop;

  beforeAll(async () => {
    shop = await instances[0].createShop();
  });

  it("runs the request once and gives all 16 repeats sent at once its response, 5 times over", async () => {
    for (let round = 0; round < 5; round++) {
      const body = freshRequest(`idem-race-${round}`, 300 + round);
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          post(instances[index % instances.length], shop, body, { RequestID: `race-${round}` }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(16).fill(200));
      const uids = new Set(responses.map((response) => response.body.transaction.uid));
      expect(uids.size, `round ${round}`).toBe(1);
      const replayed = responses.filter((response) => response.headers.get("idempotent-replayed") === "true");
      expect(replayed).toHaveLength(15);
      expect(await storedCount(instances[0], shop, `idem-race-${round}`)).toBe(1);
    }
  }, 120_000);

  it("moves no money twice: 16 repeats of one payment at once ask the acquirer once", async () => {
    const body = paymentRequest(
      { amount: 4321, tracking_id: "idem-payment" },
      { number: uniqueVisaNumber(seed++) },
    );
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        callJson(instances[index % instances.length], "/transactions/payments", {
          shop,
          body,
          headers: { "Idempotency-Key": "pay-once" },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(16).fill(200));
    const uid = responses[0].body.transaction.uid;
    expect(responses.every((response) => response.body.transaction.uid === uid)).toBe(true);
    expect(responses[0].body.transaction.status).toBe("successful");
    const calls = acquirers.flatMap((acquirer) => acquirer.callsFor(uid));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ operation: "authorize+capture", amount: 4321 });
    expect(await storedCount(instances[0], shop, "idem-payment")).toBe(1);
  });

  it("moves no money twice: 16 repeats of one partial refund at once make one refund", async () => {
    const payment = await createParent(instances[0], shop, { type: "payment", amount: 1000 });
    const request = { parent_uid: payment.uid, amount: 100, reason: "Returned", duplicate_check: false };
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        postChild(instances[index % instances.length], shop, "refunds", request, {
          RequestID: "refund-once",
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(16).fill(200));
    expect(new Set(responses.map((response) => response.body.transaction.uid)).size).toBe(1);
    const after = await readTransaction(instances[0], shop, payment.uid);
    expect(after.amounts).toMatchObject({ refunded: 100, refundable: 900 });
    // A new key is a new refund.
    const next = await postChild(instances[0], shop, "refunds", request, { RequestID: "refund-twice" });
    expect(next.body.transaction.uid).not.toBe(responses[0].body.transaction.uid);
    expect((await readTransaction(instances[0], shop, payment.uid)).amounts.refunded).toBe(200);
  });
});

describe("24-hour lifetime of a key", () => {
  let gateway: TestGateway;
  let clock: ManualClock;
  let shop: TestShop;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    gateway = await startTestGateway({ clock });
    shop = await gateway.createShop();
  });

  afterAll(async () => {
    await gateway.close();
  });

  async function keysOfShop(): Promise<number> {
    const [row] = await gateway.runtime.deps.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.shopId, shop.id));
    return row.n;
  }

  it("replays within 24 h, runs the request anew after, and the sweep drops expired keys", async () => {
    const body = freshRequest("idem-expiry");
    const first = await post(gateway, shop, body, { RequestID: "daily" });
    clock.advance(24 * 3600_000 - 1000);
    const replay = await post(gateway, shop, body, { RequestID: "daily" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.transaction.uid).toBe(first.body.transaction.uid);

    clock.advance(2000);
    const fresh = await post(gateway, shop, body, { RequestID: "daily" });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(fresh.body.transaction.uid).not.toBe(first.body.transaction.uid);
    expect(await storedCount(gateway, shop, "idem-expiry")).toBe(2);

    await post(gateway, shop, freshRequest("idem-expiry-other"), { RequestID: "other" });
    expect(await keysOfShop()).toBe(2);
    expect(await deleteExpiredIdempotencyKeys({ deps: gateway.runtime.deps })).toBe(0);
    clock.advance(24 * 3600_000 + 1000);
    expect(await deleteExpiredIdempotencyKeys({ deps: gateway.runtime.deps })).toBe(2);
    expect(await keysOfShop()).toBe(0);
  });
});
