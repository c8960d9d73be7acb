import { createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import {
  basicAuthorization,
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCESS_DENIED = { message: "Access denied", errors: { base: ["Access denied"] } };
const CHALLENGE_CARD = "4012000000001097";
const DECLINED_CARD = "4005550000000019";
const SUCCESSFUL_CARD = "4200000000000000";

// Ten days ago, midnight UTC: card expiries (two years from the real date) stay valid at every test time.
const TODAY = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS);
const clock = new ManualClock(TODAY);
let gateway: TestGateway;
let amountSeed = 1000;

beforeAll(async () => {
  gateway = await startTestGateway({ clock });
});

afterAll(async () => {
  await gateway.close();
});

/** YYYY-MM-DD of `TODAY` + `offset` days. */
function day(offset: number): string {
  return new Date(TODAY.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

/** A moment of the day `offset` days from `TODAY`, `time` being hh:mm:ss.sss UTC. */
function at(offset: number, time: string): Date {
  return new Date(`${day(offset)}T${time}Z`);
}

/**
 * Tokenizes at `when` (the clock is set there). Amounts differ between calls so the duplicate check never
 * trips; the card picks the outcome: successful, declined, or a pending 3-D Secure challenge (3-D Secure shops).
 */
async function tokenizeAt(
  shop: TestShop,
  when: Date,
  options: { card?: string; trackingId?: string } = {},
): Promise<JsonBody> {
  clock.set(when);
  const response = await postTokenization(
    gateway,
    shop,
    tokenizationRequest(
      { amount: amountSeed++, tracking_id: options.trackingId, return_url: "https://shop.example/return" },
      { number: options.card ?? SUCCESSFUL_CARD },
    ),
  );
  expect(response.status).toBe(200);
  return response.body.transaction;
}

describe("GET /transactions", () => {
  let shop: TestShop;
  let otherShop: TestShop;
  /** Every transaction of `shop`, newest first. */
  let all: JsonBody[];
  let byName: Record<string, JsonBody>;

  beforeAll(async () => {
    [shop, otherShop] = await Promise.all([
      gateway.createShop({ three_d_secure: true }, "List Shop"),
      gateway.createShop({}, "Other Shop"),
    ]);
    byName = {
      early: await tokenizeAt(shop, at(-2, "00:00:00.000"), { trackingId: "order-1" }),
      declined: await tokenizeAt(shop, at(-2, "23:59:59.999"), {
        trackingId: "order-2",
        card: DECLINED_CARD,
      }),
      pending: await tokenizeAt(shop, at(-1, "00:00:00.000"), {
        trackingId: "order-3;cart-9",
        card: CHALLENGE_CARD,
      }),
      noon: await tokenizeAt(shop, at(-1, "12:00:00.000"), { trackingId: "order-4" }),
      late: await tokenizeAt(shop, at(0, "08:30:00.000"), { trackingId: "order-1" }),
      untracked: await tokenizeAt(shop, at(0, "09:00:00.000")),
    };
    await tokenizeAt(otherShop, at(0, "10:00:00.000"), { trackingId: "order-1" });
    all = Object.values(byName).reverse();
    expect(byName.pending.status).toBe("incomplete");
    expect(byName.declined.status).toBe("failed");
  });

  async function list(query = "", as: TestShop = shop) {
    const response = await callJson(gateway, `/transactions${query}`, { shop: as });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["transactions"]);
    return {
      uids: response.body.transactions.map((transaction: { uid: string }) => transaction.uid),
      transactions: response.body.transactions,
      total: response.headers.get("x-total-count"),
      link: response.headers.get("link"),
    };
  }

  const uidsOf = (...names: string[]) => names.map((name) => byName[name].uid);

  it("lists the shop's transactions newest first as full transaction objects", async () => {
    const result = await list();
    expect(result.uids).toEqual(all.map((transaction) => transaction.uid));
    expect(result.total).toBe("6");
    for (const transaction of result.transactions) {
      const single = await callJson(gateway, `/transactions/${transaction.uid}`, { shop });
      expect(transaction).toEqual(single.body.transaction);
    }
  });

  it("filters by a tracking id, matching any of a transaction's own `;`-separated ids", async () => {
    expect((await list("?tracking_id=order-1")).uids).toEqual(uidsOf("late", "early"));
    expect((await list("?tracking_id=cart-9")).uids).toEqual(uidsOf("pending"));
    expect((await list("?tracking_id=order-3%3Bcart-9")).uids).toEqual(uidsOf("pending"));
    expect((await list("?tracking_id=order")).uids).toEqual([]);
  });

  it("takes several `;`-separated tracking ids and returns transactions matching any of them", async () => {
    const result = await list("?tracking_id=order-2%3Border-4%3B%20unknown");
    expect(result.uids).toEqual(uidsOf("noon", "declined"));
    expect(result.total).toBe("2");
  });

  it("matches nothing for a tracking id without any usable id", async () => {
    for (const value of ["%3B%3B", "%00"]) {
      const result = await list(`?tracking_id=${value}`);
      expect(result.uids).toEqual([]);
      expect(result.total).toBe("0");
    }
  });

  it("filters by status", async () => {
    expect((await list("?status=failed")).uids).toEqual(uidsOf("declined"));
    expect((await list("?status=incomplete")).uids).toEqual(uidsOf("pending"));
    expect((await list("?status=successful")).uids).toEqual(uidsOf("untracked", "late", "noon", "early"));
  });

  it("filters by creation date, whole UTC days inclusive", async () => {
    expect((await list(`?created_from=${day(-1)}`)).uids).toEqual(
      uidsOf("untracked", "late", "noon", "pending"),
    );
    expect((await list(`?created_to=${day(-2)}`)).uids).toEqual(uidsOf("declined", "early"));
    expect((await list(`?created_from=${day(-1)}&created_to=${day(-1)}`)).uids).toEqual(
      uidsOf("noon", "pending"),
    );
    expect((await list(`?created_from=${day(1)}`)).uids).toEqual([]);
  });

  it("takes instants as bounds, both inclusive", async () => {
    const from = encodeURIComponent(`${day(-1)}T12:00:00.000Z`);
    const to = encodeURIComponent(`${day(0)}T08:30:00Z`);
    expect((await list(`?created_from=${from}&created_to=${to}`)).uids).toEqual(uidsOf("late", "noon"));
    const offset = encodeURIComponent(`${day(-1)}T13:00:00+01:00`);
    expect((await list(`?created_from=${offset}&created_to=${offset}`)).uids).toEqual(uidsOf("noon"));
  });

  it("combines filters", async () => {
    const result = await list(`?tracking_id=order-1&status=successful&created_from=${day(0)}`);
    expect(result.uids).toEqual(uidsOf("late"));
  });

  it("pages with X-Total-Count and Link headers that keep the filters", async () => {
    const first = await list("?status=successful&per_page=3");
    expect(first.uids).toEqual(uidsOf("untracked", "late", "noon"));
    expect(first.total).toBe("4");
    expect(first.link).toBe(
      [
        '</gateway/transactions?status=successful&per_page=3&page=1>; rel="first"',
        '</gateway/transactions?status=successful&per_page=3&page=2>; rel="next"',
        '</gateway/transactions?status=successful&per_page=3&page=2>; rel="last"',
      ].join(", "),
    );
    const second = await list("?status=successful&per_page=3&page=2");
    expect(second.uids).toEqual(uidsOf("early"));
    expect(second.link).toContain('rel="prev"');
    expect(second.link).not.toContain('rel="next"');
    expect((await list("?page=3&per_page=3")).uids).toEqual([]);
  });

  it.each([
    ["status=paid", { status: ["is not included in the list"] }],
    ["created_from=yesterday", { created_from: ["is invalid"] }],
    ["created_from=2030-02-30", { created_from: ["is invalid"] }],
    ["created_to=2030-01-01T10:00:00", { created_to: ["is invalid"] }],
    ["created_to=0000-01-01", { created_to: ["is invalid"] }],
    [
      "created_from=2030-01-02&created_to=2030-01-01",
      { created_to: ["must not be earlier than created_from"] },
    ],
    ["per_page=501", { per_page: ["must be less than or equal to 500"] }],
  ])("answers ?%s with 422", async (query, errors) => {
    const response = await callJson(gateway, `/transactions?${query}`, { shop });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });

  it("accepts the earliest and latest dates the database stores", async () => {
    expect((await list("?created_from=0001-01-01&created_to=9999-12-31")).total).toBe("6");
  });

  it("never shows another shop's transactions", async () => {
    const theirs = await list("", otherShop);
    expect(theirs.total).toBe("1");
    expect(theirs.uids).not.toContain(byName.early.uid);
    expect((await list("?tracking_id=order-1")).uids).not.toContain(theirs.uids[0]);
  });

  it("needs shop credentials", async () => {
    const response = await callJson(gateway, "/transactions", {
      headers: { authorization: basicAuthorization(shop.id, "wrong") },
    });
    expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
    const bearer = await callJson(gateway, "/transactions", { headers: { authorization: "Bearer abc" } });
    expect(bearer.status).toBe(401);
  });

  it("keeps 405 for the methods /transactions and /transactions/tokenizations do not have", async () => {
    const post = await gateway.call("/transactions", { shop, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toContain("GET");
    const getTokenizations = await gateway.call("/transactions/tokenizations", { shop });
    expect(getTokenizations.status).toBe(405);
    expect(getTokenizations.headers.get("allow")).toBe("POST");
  });
});

describe("/shop", () => {
  async function getShop(shop: TestShop) {
    const response = await callJson(gateway, "/shop", { shop });
    expect(response.status).toBe(200);
    return response.body.shop;
  }

  function patchShop(shop: TestShop, body: unknown) {
    return callJson(gateway, "/shop", { shop, method: "PATCH", body });
  }

  describe("GET", () => {
    it("returns the shop with complete settings, its public key and webhook secret", async () => {
      const shop = await gateway.createShop({ three_d_secure: true }, "Profile Shop");
      const response = await callJson(gateway, "/shop", { shop });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(Object.keys(response.body)).toEqual(["shop"]);
      expect(Object.keys(response.body.shop)).toEqual([
        "id",
        "name",
        "test",
        "settings",
        "public_key",
        "webhook_secret",
      ]);
      expect(response.body.shop).toMatchObject({
        id: shop.id,
        name: "Profile Shop",
        test: true,
        public_key: shop.publicKey,
        webhook_secret: shop.webhookSecret,
      });
      expect(response.body.shop.settings).toMatchObject({
        three_d_secure: true,
        skip_three_d_secure_allowed: false,
        force_three_d_secure_allowed: false,
        required_fields: [],
        branding: { name: null, logo_url: null, color: null },
        frame_ancestors: [],
        gateway_id: 1,
      });
      expect(response.body.shop.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(createPublicKey(response.body.shop.public_key).asymmetricKeyType).toBe("rsa");
      expect(JSON.stringify(response.body)).not.toContain(shop.secretKey);
    });

    it("needs shop credentials", async () => {
      const response = await callJson(gateway, "/shop");
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
    });
  });

  describe("PATCH", () => {
    it("changes the settings sent, keeps the others, and applies at once", async () => {
      const shop = await gateway.createShop({ required_fields: ["credit_card.holder"] }, "Patch Shop");
      expect(
        (await tokenizeAt(shop, at(0, "11:00:00.000"))).status,
        "a shop without 3-D Secure needs no return_url",
      ).toBe("successful");
      const response = await patchShop(shop, { settings: { three_d_secure: true } });
      expect(response.status).toBe(200);
      expect(response.body.shop.settings.three_d_secure).toBe(true);
      expect(response.body.shop.settings.required_fields).toEqual(["credit_card.holder"]);
      expect(await getShop(shop)).toEqual(response.body.shop);

      // The authentication cache was refreshed: the very next tokenization sees 3-D Secure on.
      clock.advance(60_000);
      const tokenization = await postTokenization(
        gateway,
        shop,
        tokenizationRequest({ amount: amountSeed++ }),
      );
      expect(tokenization.status).toBe(422);
      expect(tokenization.body.errors).toEqual({ return_url: ["can't be blank"] });
    });

    it("takes the shop's contact for shoppers and its accepted brands, each checked, and clears them with null", async () => {
      const shop = await gateway.createShop({}, "Contact Shop");
      const set = await patchShop(shop, {
        settings: {
          support_email: "help@contact.example",
          support_phone: "+49 30 1234-567",
          support_url: "https://contact.example/help",
          accepted_brands: ["visa", "master"],
        },
      });
      expect(set.status).toBe(200);
      expect(set.body.shop.settings).toMatchObject({
        support_email: "help@contact.example",
        support_phone: "+49 30 1234-567",
        support_url: "https://contact.example/help",
        accepted_brands: ["visa", "master"],
      });
      const refused = await patchShop(shop, {
        settings: {
          support_email: "not an address",
          support_phone: "call us",
          support_url: "ftp://contact.example",
          accepted_brands: [],
        },
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors.settings).sort()).toEqual([
        "accepted_brands",
        "support_email",
        "support_phone",
        "support_url",
      ]);
      const cleared = await patchShop(shop, {
        settings: { support_email: null, support_phone: null, support_url: null, accepted_brands: null },
      });
      expect(cleared.body.shop.settings).toMatchObject({
        support_email: null,
        support_phone: null,
        support_url: null,
      });
      expect(cleared.body.shop.settings.accepted_brands).toHaveLength(10);
    });

    it("merges nested objects, replaces arrays, and restores defaults for null", async () => {
      const shop = await gateway.createShop({}, "Branding Shop");
      await patchShop(shop, {
        settings: {
          branding: { name: "Acme", color: "#112233" },
          frame_ancestors: ["https://a.example", "https://b.example"],
          required_fields: ["customer.email"],
        },
      });
      const merged = await patchShop(shop, {
        settings: { branding: { color: "#445566" }, frame_ancestors: ["https://c.example"] },
      });
      expect(merged.status).toBe(200);
      expect(merged.body.shop.settings.branding).toEqual({ name: "Acme", logo_url: null, color: "#445566" });
      expect(merged.body.shop.settings.frame_ancestors).toEqual(["https://c.example"]);
      expect(merged.body.shop.settings.required_fields).toEqual(["customer.email"]);

      const reset = await patchShop(shop, { settings: { branding: null, required_fields: null } });
      expect(reset.status).toBe(200);
      expect(reset.body.shop.settings.branding).toEqual({ name: null, logo_url: null, color: null });
      expect(reset.body.shop.settings.required_fields).toEqual([]);
      expect(reset.body.shop.settings.frame_ancestors).toEqual(["https://c.example"]);
    });

    it("ignores unknown settings", async () => {
      const shop = await gateway.createShop({}, "Unknown Shop");
      const response = await patchShop(shop, { settings: { shoe_size: 42 } });
      expect(response.status).toBe(200);
      expect(response.body.shop.settings).not.toHaveProperty("shoe_size");
      const prototype = await patchShop(shop, '{"settings":{"__proto__":{"three_d_secure":true}}}');
      expect(prototype.status).toBe(200);
      expect(prototype.body.shop.settings.three_d_secure).toBe(false);
    });

    it("stores smart-routing rules", async () => {
      const shop = await gateway.createShop({}, "Routing Shop");
      const rules = [{ match: { brand: "visa", amount_min: 100 }, action: "force_3ds" }];
      const response = await patchShop(shop, { settings: { smart_routing_rules: rules } });
      expect(response.status).toBe(200);
      expect(response.body.shop.settings.smart_routing_rules).toEqual(rules);
      expect((await getShop(shop)).settings.smart_routing_rules).toEqual(rules);
    });

    it("reports bad values under settings, all at once, and changes nothing", async () => {
      const shop = await gateway.createShop({}, "Invalid Shop");
      const before = await getShop(shop);
      const response = await patchShop(shop, {
        settings: {
          three_d_secure: "yes",
          required_fields: ["customer.email", "customer.shoe_size"],
          branding: { color: "red", name: "x".repeat(101) },
          frame_ancestors: "https://a.example",
          three_d_secure_extra: true,
        },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        settings: {
          three_d_secure: ["must be true or false"],
          required_fields: { "1": ["is not included in the list"] },
          branding: { name: ["is too long (maximum is 100 characters)"], color: ["is invalid"] },
          frame_ancestors: ["must be an array"],
        },
      });
      expect(response.body.message).toContain("Three d secure must be true or false");
      expect(await getShop(shop)).toEqual(before);
    });

    it("refuses a frame_ancestors entry with a wildcard host: framing is by named origins only", async () => {
      const shop = await gateway.createShop({}, "Wildcard Shop");
      const before = await getShop(shop);
      const response = await patchShop(shop, {
        settings: { frame_ancestors: ["https://shop.example", "https://*", "https://*.shop.example"] },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        settings: {
          frame_ancestors: {
            "1": ["must be an http(s) origin without wildcards"],
            "2": ["must be an http(s) origin without wildcards"],
          },
        },
      });
      expect(await getShop(shop)).toEqual(before);
    });

    it.each([
      ["gateway_id", 7],
      ["skip_three_d_secure_allowed", true],
      ["force_three_d_secure_allowed", true],
    ])("refuses to change %s, which the operator sets", async (key, value) => {
      const shop = await gateway.createShop({}, "Operator Shop");
      const response = await patchShop(shop, { settings: { [key]: value, three_d_secure: true } });
      expect(response.status).toBe(422);
      const field = key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");
      expect(response.body).toEqual({
        message: `${field} can't be changed by the shop`,
        errors: { settings: { [key]: ["can't be changed by the shop"] } },
      });
      expect((await getShop(shop)).settings.three_d_secure).toBe(false);
    });

    it("accepts the operator's settings sent back unchanged (a form posting everything)", async () => {
      const shop = await gateway.createShop({ skip_three_d_secure_allowed: true }, "Cleared Shop");
      const { settings } = await getShop(shop);
      const response = await patchShop(shop, { settings: { ...settings, three_d_secure: true } });
      expect(response.status).toBe(200);
      expect(response.body.shop.settings).toEqual({ ...settings, three_d_secure: true });
      const reset = await patchShop(shop, { settings: { skip_three_d_secure_allowed: null } });
      expect(reset.body.errors).toEqual({
        settings: { skip_three_d_secure_allowed: ["can't be changed by the shop"] },
      });
    });

    it("reports operator and value errors together", async () => {
      const shop = await gateway.createShop({}, "Both Shop");
      const response = await patchShop(shop, { settings: { gateway_id: 2, three_d_secure: 1 } });
      expect(response.body.errors).toEqual({
        settings: { gateway_id: ["can't be changed by the shop"], three_d_secure: ["must be true or false"] },
      });
    });

    it("keeps both of two concurrent changes to different settings", async () => {
      const shop = await gateway.createShop({}, "Concurrent Shop");
      const responses = await Promise.all([
        patchShop(shop, { settings: { three_d_secure: true } }),
        patchShop(shop, { settings: { branding: { name: "Both" } } }),
        patchShop(shop, { settings: { required_fields: ["customer.ip"] } }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      const { settings } = await getShop(shop);
      expect(settings.three_d_secure).toBe(true);
      expect(settings.branding.name).toBe("Both");
      expect(settings.required_fields).toEqual(["customer.ip"]);
    });

    it.each([
      ["no settings", {}, ["can't be blank"]],
      ["null settings", { settings: null }, ["can't be blank"]],
      ["settings that are not an object", { settings: ["three_d_secure"] }, ["must be an object"]],
      ["a body that is not an object", [1], ["can't be blank"]],
    ])("answers %s with 422", async (_name, body, messages) => {
      const shop = await gateway.createShop({}, "Shape Shop");
      const response = await patchShop(shop, body);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ settings: messages });
    });

    it("answers 400 to a body that is not JSON and 415 to another content type", async () => {
      const shop = await gateway.createShop({}, "Body Shop");
      expect((await patchShop(shop, "{nope")).status).toBe(400);
      const form = await callJson(gateway, "/shop", {
        shop,
        method: "PATCH",
        body: "settings=1",
        headers: { "content-type": "text/plain" },
      });
      expect(form.status).toBe(415);
    });
  });

  describe("POST /shop/secret_key", () => {
    it("returns a new key once; the old key stops working at once", async () => {
      const shop = await gateway.createShop({}, "Rotating Shop");
      const response = await callJson(gateway, "/shop/secret_key", { shop, method: "POST" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.body).toEqual({ secret_key: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const newKey = response.body.secret_key;
      expect(newKey).not.toBe(shop.secretKey);

      const old = await callJson(gateway, "/shop", { shop });
      expect({ status: old.status, body: old.body }).toEqual({ status: 401, body: ACCESS_DENIED });
      const rotated = { ...shop, secretKey: newKey, authorization: basicAuthorization(shop.id, newKey) };
      const profile = await getShop(rotated);
      expect(profile.id).toBe(shop.id);
      expect(JSON.stringify(profile)).not.toContain(newKey);

      const customer = await callJson(gateway, "/customers", {
        shop,
        body: { email: "old-key@example.com", ip: "192.0.2.1" },
      });
      expect(customer.status).toBe(422);
      expect(customer.body.errors).toEqual({ base: ["Invalid shop_id/secret_key."] });

      const again = await callJson(gateway, "/shop/secret_key", { shop: rotated, method: "POST" });
      expect(again.status).toBe(200);
      expect((await callJson(gateway, "/shop", { shop: rotated })).status).toBe(401);
      expect(
        (
          await callJson(gateway, "/shop", {
            headers: { authorization: basicAuthorization(shop.id, again.body.secret_key) },
          })
        ).status,
      ).toBe(200);
    });

    it("needs shop credentials", async () => {
      const response = await callJson(gateway, "/shop/secret_key", { method: "POST" });
      expect(response.status).toBe(401);
    });
  });
});

describe("GET /reports/daily", () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await gateway.createShop({ three_d_secure: true }, "Report Shop");
    const other = await gateway.createShop({}, "Other Report Shop");
    // Three days back: two successful and one declined, at the very edges of the UTC day.
    await tokenizeAt(shop, at(-3, "00:00:00.000"));
    await tokenizeAt(shop, at(-3, "12:00:00.000"));
    await tokenizeAt(shop, at(-3, "23:59:59.999"), { card: DECLINED_CARD });
    // Two days back: nothing. Yesterday: one successful, one waiting for 3-D Secure.
    await tokenizeAt(shop, at(-1, "00:00:00.000"));
    await tokenizeAt(shop, at(-1, "18:00:00.000"), { card: CHALLENGE_CARD });
    // Today: three declined.
    for (let i = 0; i < 3; i++) await tokenizeAt(shop, at(0, `0${i}:00:00.000`), { card: DECLINED_CARD });
    // Another shop's transactions never count.
    await tokenizeAt(other, at(-3, "10:00:00.000"));
    await tokenizeAt(other, at(-1, "10:00:00.000"));
    clock.set(at(0, "15:00:00.000"));
  });

  async function report(query: string) {
    const response = await callJson(gateway, `/reports/daily${query}`, { shop });
    expect(response.status).toBe(200);
    // A test-mode shop's reports are its test money.
    expect(Object.keys(response.body)).toEqual(["test", "days"]);
    expect(response.body.test).toBe(true);
    return response.body.days;
  }

  // Tokenizations only here: the money figures of these days are zero (tests/gateway/reports/money-report.test.ts).
  // No money moved, and no dispute opened or decided.
  const noMoney = {
    payments: 0,
    approved: 0,
    declined: 0,
    approval_rate: null,
    refunds: 0,
    volume: [],
    disputes: [],
  };
  const empty = (date: string) => ({
    date,
    tokenizations: 0,
    successful: 0,
    failed: 0,
    incomplete: 0,
    success_rate: null,
    ...noMoney,
  });

  it("counts each UTC day of the range by status, every day present", async () => {
    expect(await report(`?from=${day(-4)}&to=${day(0)}`)).toEqual([
      empty(day(-4)),
      {
        date: day(-3),
        tokenizations: 3,
        successful: 2,
        failed: 1,
        incomplete: 0,
        success_rate: 0.6667,
        ...noMoney,
      },
      empty(day(-2)),
      {
        date: day(-1),
        tokenizations: 2,
        successful: 1,
        failed: 0,
        incomplete: 1,
        success_rate: 0.5,
        ...noMoney,
      },
      {
        date: day(0),
        tokenizations: 3,
        successful: 0,
        failed: 3,
        incomplete: 0,
        success_rate: 0,
        ...noMoney,
      },
    ]);
  });

  it("covers one day when from equals to", async () => {
    expect(await report(`?from=${day(-3)}&to=${day(-3)}`)).toEqual([
      {
        date: day(-3),
        tokenizations: 3,
        successful: 2,
        failed: 1,
        incomplete: 0,
        success_rate: 0.6667,
        ...noMoney,
      },
    ]);
  });

  it("defaults to the 30 days ending today (UTC)", async () => {
    const days = await report("");
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe(day(-29));
    expect(days[29]).toEqual({
      date: day(0),
      tokenizations: 3,
      successful: 0,
      failed: 3,
      incomplete: 0,
      success_rate: 0,
      ...noMoney,
    });
    expect(days.reduce((sum: number, entry: { tokenizations: number }) => sum + entry.tokenizations, 0)).toBe(
      8,
    );
  });

  it("takes the 30 days before `to` without `from`, and runs to today without `to`", async () => {
    const before = await report(`?to=${day(-1)}`);
    expect(before).toHaveLength(30);
    expect(before[0].date).toBe(day(-30));
    expect(before[29].date).toBe(day(-1));
    const since = await report(`?from=${day(-1)}`);
    expect(since.map((entry: { date: string }) => entry.date)).toEqual([day(-1), day(0)]);
  });

  it("answers a range of 366 days and refuses 367", async () => {
    expect(await report(`?from=${day(-365)}&to=${day(0)}`)).toHaveLength(366);
    const response = await callJson(gateway, `/reports/daily?from=${day(-366)}&to=${day(0)}`, { shop });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ to: ["must be at most 366 days after from"] });
  });

  it.each([
    ["from=2030-13-01", { from: ["is invalid"] }],
    ["from=yesterday&to=2030-01-01", { from: ["is invalid"] }],
    ["to=2030-02-30", { to: ["is invalid"] }],
    ["to=2030-01-01T00:00:00Z", { to: ["is invalid"] }],
    ["from=2030-01-02&to=2030-01-01", { to: ["must not be earlier than from"] }],
    ["from=0000-12-31&to=0001-01-01", { from: ["is invalid"] }],
  ])("answers ?%s with 422", async (query, errors) => {
    const response = await callJson(gateway, `/reports/daily?${query}`, { shop });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });

  it("needs shop credentials", async () => {
    const response = await callJson(gateway, "/reports/daily");
    expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: ACCESS_DENIED });
  });
});

describe("OpenAPI document", () => {
  it("describes every merchant endpoint", async () => {
    const response = await callJson(gateway, "/openapi.json");
    const { paths } = response.body;
    expect(Object.keys(paths["/customers"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(paths["/customers/{id}"])).toEqual(["get"]);
    expect(Object.keys(paths["/transactions"])).toEqual(["get"]);
    expect(Object.keys(paths["/shop"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(Object.keys(paths["/shop/secret_key"])).toEqual(["post"]);
    expect(Object.keys(paths["/reports/daily"])).toEqual(["get"]);
    // The admin area's checkout sessions list reads this one.
    expect(paths["/ctp/api/checkouts"].get).toBeDefined();
    expect(Object.keys(paths["/ctp/api/checkouts"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(paths["/ctp/api/checkouts"].get.responses["200"]).toBeDefined();
    const schemas = response.body.components.schemas;
    expect(schemas.CustomerCreateRequest.required).toEqual(["email", "ip"]);
    expect(schemas.Customer.required).toContain("external_id");
  });
});
