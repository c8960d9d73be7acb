import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

const RECORD_NOT_FOUND = { message: "Record not found" };

let gateway: TestGateway;
let shop: TestShop;
let otherShop: TestShop;
let seed = 600_000;

beforeAll(async () => {
  gateway = await startTestGateway();
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop({}, "Other Shop")]);
});

afterAll(async () => {
  await gateway.close();
});

async function tokenize(trackingId: string | undefined, as: TestShop = shop): Promise<JsonBody> {
  const response = await postTokenization(
    gateway,
    as,
    tokenizationRequest({ tracking_id: trackingId }, { number: uniqueVisaNumber(seed++) }),
  );
  expect(response.status).toBe(200);
  return response.body.transaction;
}

/** Uids found by a tracking-id lookup, in the order returned. */
async function lookup(value: string, options: { as?: TestShop; v2?: boolean } = {}): Promise<string[]> {
  const prefix = options.v2 === false ? "" : "/v2";
  const response = await callJson(
    gateway,
    `${prefix}/transactions/tracking_id/${encodeURIComponent(value)}`,
    {
      shop: options.as ?? shop,
    },
  );
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(["transactions"]);
  return response.body.transactions.map((transaction: { uid: string }) => transaction.uid);
}

describe("GET /transactions/{uid}", () => {
  it("returns exactly the body the tokenization returned", async () => {
    const created = await gateway.call("/transactions/tokenizations", {
      shop,
      body: tokenizationRequest(
        {
          tracking_id: "query-exact",
          customer: { email: "jane@example.com" },
          billing_address: { country: "US", state: "NY", zip: "10001" },
          additional_data: { contract: ["recurring"] },
        },
        { number: uniqueVisaNumber(seed++) },
      ),
    });
    const createdText = await created.text();
    const { uid } = JSON.parse(createdText).transaction;
    const fetched = await gateway.call(`/transactions/${uid}`, { shop });
    expect(fetched.status).toBe(200);
    const fetchedText = await fetched.text();
    expect(JSON.parse(fetchedText)).toEqual(JSON.parse(createdText));
    expect(fetchedText).toBe(createdText);
  });

  it("returns a declined transaction too", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ tracking_id: "query-declined" }, { number: "4005550000000019" }),
    );
    const fetched = await callJson(gateway, `/transactions/${response.body.transaction.uid}`, { shop });
    expect(fetched.body).toEqual(response.body);
  });

  it.each([
    ["an unknown uid", () => randomUUID()],
    ["a uid that is not a UUID", () => "not-a-uid"],
  ])("answers 404 Record not found to %s", async (_name, uid) => {
    const response = await callJson(gateway, `/transactions/${uid()}`, { shop });
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: RECORD_NOT_FOUND });
  });

  it("answers another shop's uid exactly like an unknown one", async () => {
    const theirs = await tokenize("query-theirs", otherShop);
    const response = await callJson(gateway, `/transactions/${theirs.uid}`, { shop });
    expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: RECORD_NOT_FOUND });
    expect((await callJson(gateway, `/transactions/${theirs.uid}`, { shop: otherShop })).status).toBe(200);
  });
});

describe("tracking id lookup", () => {
  it("returns the matching transactions newest first, on /v2 and without it", async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await tokenize("lookup-multi"));
    const newestFirst = created.map((transaction) => transaction.uid).reverse();
    expect(await lookup("lookup-multi")).toEqual(newestFirst);
    expect(await lookup("lookup-multi", { v2: false })).toEqual(newestFirst);

    const response = await callJson(gateway, "/v2/transactions/tracking_id/lookup-multi", { shop });
    const alias = await callJson(gateway, "/transactions/tracking_id/lookup-multi", { shop });
    expect(alias.body).toEqual(response.body);
    const single = await callJson(gateway, `/transactions/${created[2].uid}`, { shop });
    expect(response.body.transactions[0]).toEqual(single.body.transaction);
  });

  it("returns at most the 10 newest of 12 matches", async () => {
    const uids = [];
    for (let i = 0; i < 12; i++) uids.push((await tokenize("lookup-twelve")).uid);
    expect(await lookup("lookup-twelve")).toEqual(uids.slice(2).reverse());
  });

  it("returns an empty list when nothing matches", async () => {
    const response = await callJson(gateway, "/v2/transactions/tracking_id/no-such-tracking-id", { shop });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { transactions: [] },
    });
  });

  it("finds a transaction by any one of its ;-separated tracking ids", async () => {
    const transaction = await tokenize("ord-1;ref-22;inv-333");
    for (const id of ["ord-1", "ref-22", "inv-333"]) expect(await lookup(id), id).toEqual([transaction.uid]);
  });

  it("matches whole ids only, never parts of the stored value", async () => {
    const transaction = await tokenize("part-ab;part-cd");
    for (const value of [
      "part-a",
      "b;part-c",
      "ab;part",
      "b;",
      ";part-c",
      "%ab%",
      "part_ab",
      "part-",
      "PART-AB",
    ]) {
      expect(await lookup(value), value).toEqual([]);
    }
    // A trailing separator or an extra id that matches nothing leaves the whole id that does match.
    for (const value of ["part-ab;", "part-ab;p", "part-cd;part-c"]) {
      expect(await lookup(value), value).toEqual([transaction.uid]);
    }
  });

  it("treats a lookup value with ; as several ids, any of which may match", async () => {
    const x = await tokenize("either-x");
    const y = await tokenize("either-y");
    await tokenize("either-z");
    expect(await lookup("either-x;either-y")).toEqual([y.uid, x.uid]);
    expect(await lookup("either-x;nothing-else")).toEqual([x.uid]);
  });

  it("returns a transaction once even when several of its ids match", async () => {
    const transaction = await tokenize("twice-a;twice-b");
    expect(await lookup("twice-a;twice-b")).toEqual([transaction.uid]);
  });

  it("never returns another shop's transactions", async () => {
    const theirs = await tokenize("shared-tracking-id", otherShop);
    const ours = await tokenize("shared-tracking-id");
    expect(await lookup("shared-tracking-id")).toEqual([ours.uid]);
    expect(await lookup("shared-tracking-id", { as: otherShop })).toEqual([theirs.uid]);
  });

  it("decodes URL-encoded ids", async () => {
    const spaced = await tokenize("order 42");
    const special = await tokenize("a/b?c#d%e&f=g");
    const unicode = await tokenize("заказ-7");
    const semicolons = await tokenize("enc-a;enc-b");
    expect(await lookup("order 42")).toEqual([spaced.uid]);
    const raw = await callJson(gateway, "/v2/transactions/tracking_id/order%2042", { shop });
    expect(raw.body.transactions.map((transaction: { uid: string }) => transaction.uid)).toEqual([
      spaced.uid,
    ]);
    expect(await lookup("a/b?c#d%e&f=g")).toEqual([special.uid]);
    expect(await lookup("заказ-7")).toEqual([unicode.uid]);
    const encoded = await callJson(gateway, "/v2/transactions/tracking_id/nothing%3Benc-b", { shop });
    expect(encoded.body.transactions.map((transaction: { uid: string }) => transaction.uid)).toEqual([
      semicolons.uid,
    ]);
  });

  it("does not find transactions without a tracking id", async () => {
    await tokenize(undefined);
    expect(await lookup(";")).toEqual([]);
    expect(await lookup(" ")).toEqual([]);
  });
});
