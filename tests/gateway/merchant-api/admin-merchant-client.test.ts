import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assembleChain, moneyPosition } from "@/lib/admin/money-chain";
import { verifyShopCredentials } from "@/lib/admin/verify-credentials";
import { ManualClock } from "@/lib/gateway/clock";
import { type MerchantClient, merchantClient } from "@/lib/gateway-client/merchant";
import {
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * The admin area's client of the merchant API against the real gateway over HTTP: every call the admin pages make,
 * its pagination and its error mapping, and sign-in's credential check with the gateway's throttle.
 */

let gateway: TestGateway;
let client: MerchantClient;
let shop: TestShop;
let otherShop: TestShop;
let seed = 810_000;

const credentials = (as: TestShop) => ({ shopId: as.id, secretKey: as.secretKey });

beforeAll(async () => {
  gateway = await startTestGateway();
  client = merchantClient({ baseUrl: gateway.url });
  [shop, otherShop] = await Promise.all([
    gateway.createShop({}, "Admin Shop"),
    gateway.createShop({}, "Other Shop"),
  ]);
});

afterAll(async () => {
  await gateway.close();
});

async function tokenizeCard(
  as: TestShop,
  overrides: Record<string, unknown> = {},
): Promise<{ uid: string; number: string }> {
  const number = uniqueVisaNumber(seed++);
  const response = await postTokenization(gateway, as, tokenizationRequest(overrides, { number }));
  expect(response.status).toBe(200);
  return { uid: response.body.transaction.uid, number };
}

async function tokenize(as: TestShop, overrides: Record<string, unknown> = {}): Promise<string> {
  return (await tokenizeCard(as, overrides)).uid;
}

describe("sign-in's credential check", () => {
  it("accepts the shop's credentials and answers its id", async () => {
    expect(await verifyShopCredentials(client, String(shop.id), shop.secretKey)).toEqual({
      status: "verified",
      shopId: String(shop.id),
    });
  });

  it("rejects a wrong secret key, and another shop's", async () => {
    const wrong = await verifyShopCredentials(client, String(shop.id), "wrong");
    expect(wrong).toEqual({ status: "rejected", message: "The shop id or secret key is not correct." });
    expect((await verifyShopCredentials(client, String(shop.id), otherShop.secretKey)).status).toBe(
      "rejected",
    );
  });

  it("says when the gateway throttles failed sign-ins, with the wait", async () => {
    // The throttle counts in fixed one-minute windows: on the real clock, attempts straddling a minute's end would be
    // counted in two. The clock stands at the start of a minute.
    const clock = new ManualClock(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    const isolated = await startTestGateway({ clock });
    try {
      const throttledClient = merchantClient({ baseUrl: isolated.url });
      const own = await isolated.createShop();
      const verdicts = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        verdicts.push(await verifyShopCredentials(throttledClient, String(own.id), `wrong-${attempt}`));
      }
      const throttled = verdicts.find((verdict) => verdict.status === "rate_limited");
      expect(throttled?.status).toBe("rate_limited");
      expect(throttled && "message" in throttled ? throttled.message : "").toMatch(
        /^Too many failed sign-ins\. Try again in \d+ seconds\.$/,
      );
      // Throttled means throttled: even the right key waits.
      expect((await verifyShopCredentials(throttledClient, String(own.id), own.secretKey)).status).toBe(
        "rate_limited",
      );
    } finally {
      await isolated.close();
    }
  });

  it("reports an unreachable gateway as unavailable, not as wrong credentials", async () => {
    const offline = merchantClient({ baseUrl: "http://127.0.0.1:9/gateway", timeoutMs: 2_000 });
    expect((await verifyShopCredentials(offline, "1", "key")).status).toBe("unavailable");
  });
});

describe("customers", () => {
  it("creates, pages newest first with the total, filters by e-mail and reads one", async () => {
    const emails = ["ada@example.com", "grace@example.com", "Edsger@Example.com"];
    const created = [];
    for (const email of emails) {
      const result = await client.createCustomer(credentials(shop), { email, ip: "203.0.113.9" });
      expect(result.ok).toBe(true);
      if (result.ok) created.push(result.data);
    }
    const first = await client.listCustomers(credentials(shop), { page: 1, perPage: 2 });
    expect(first.ok && first.data.total).toBe(3);
    expect(first.ok && first.data.pageCount).toBe(2);
    expect(first.ok && first.data.items.map((customer) => customer.email)).toEqual([emails[2], emails[1]]);
    const second = await client.listCustomers(credentials(shop), { page: 2, perPage: 2 });
    expect(second.ok && second.data.items.map((customer) => customer.email)).toEqual([emails[0]]);

    const found = await client.listCustomers(credentials(shop), { email: "edsger@example.com" });
    expect(found.ok && found.data.items.map((customer) => customer.id)).toEqual([created[2].id]);
    expect(found.ok && found.data.total).toBe(1);

    const one = await client.getCustomer(credentials(shop), created[0].id);
    expect(one.ok && one.data).toEqual(created[0]);
    const foreign = await client.getCustomer(credentials(otherShop), created[0].id);
    expect(foreign.ok ? "ok" : foreign.kind).toBe("not_found");
  });

  it("passes the gateway's field errors on, ready for the form", async () => {
    await client.createCustomer(credentials(shop), {
      email: "one@example.com",
      ip: "192.0.2.1",
      external_id: "c-1",
    });
    const taken = await client.createCustomer(credentials(shop), {
      email: "two@example.com",
      ip: "192.0.2.2",
      external_id: "c-1",
    });
    expect(taken).toMatchObject({
      ok: false,
      kind: "invalid",
      status: 422,
      errors: { external_id: ["has already been taken"] },
    });
    const invalid = await client.createCustomer(credentials(shop), {
      email: "x@example.com",
      ip: "999.1.1.1",
    });
    expect(invalid).toMatchObject({ ok: false, kind: "invalid", errors: { ip: ["address is invalid"] } });
  });

  it("never puts a malformed id into the URL", async () => {
    const result = await client.getCustomer(credentials(shop), "../shop");
    expect(result).toMatchObject({ ok: false, kind: "not_found" });
  });
});

describe("transactions and their webhooks", () => {
  it("finds a transaction by any of several tracking ids, with status and date filters", async () => {
    const uid = await tokenize(shop, { tracking_id: "order-7;invoice-7" });
    await tokenize(otherShop, { tracking_id: "invoice-7" });
    const today = new Date().toISOString().slice(0, 10);
    const found = await client.listTransactions(credentials(shop), {
      trackingId: "nothing; invoice-7",
      status: "successful",
      createdFrom: today,
      createdTo: today,
    });
    expect(found.ok && found.data.items.map((transaction) => transaction.uid)).toEqual([uid]);
    expect(found.ok && found.data.total).toBe(1);
    const none = await client.listTransactions(credentials(shop), {
      trackingId: "invoice-7",
      status: "failed",
    });
    expect(none.ok && none.data.items).toEqual([]);
    const bad = await client.listTransactions(credentials(shop), {
      createdFrom: today,
      createdTo: "2000-01-01",
    });
    expect(bad).toMatchObject({ ok: false, kind: "invalid" });
  });

  it("reads a transaction, its deliveries, and re-sends its webhook", async () => {
    const { uid, number } = await tokenizeCard(shop, { notification_url: "http://127.0.0.1:9/hook" });
    const transaction = await client.getTransaction(credentials(shop), uid);
    expect(transaction.ok && transaction.data.uid).toBe(uid);
    expect(transaction.ok && transaction.data.credit_card.last_4).toBe(number.slice(-4));
    expect(JSON.stringify(transaction)).not.toContain(number);

    const before = await client.listNotifications(credentials(shop), uid);
    expect(before.ok && before.data.map((delivery) => delivery.status)).toEqual(["pending"]);
    // The first delivery is still waiting for its attempt: re-sending queues nothing new (a double click).
    const queued = await client.resendNotification(credentials(shop), uid);
    expect(queued.ok && queued.data.id).toBe(before.ok ? before.data[0].id : "");

    await gateway.runtime.notifications.runOnce();
    const resent = await client.resendNotification(credentials(shop), uid);
    expect(resent.ok && resent.data.status).toBe("pending");
    const after = await client.listNotifications(credentials(shop), uid);
    expect(after.ok && after.data).toHaveLength(2);
    expect(after.ok && after.data[0].attempts).toHaveLength(1);

    const foreign = await client.listNotifications(credentials(otherShop), uid);
    expect(foreign.ok ? "ok" : foreign.kind).toBe("not_found");
    const noUrl = await client.resendNotification(credentials(shop), await tokenize(shop));
    expect(noUrl).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { notification_url: ["is not set for this transaction"] },
    });
  });
});

describe("the money chain", () => {
  it("shows a fresh authorization capturable until the expiry the gateway reports, before any capture", async () => {
    const created = await postPayment(
      gateway,
      shop,
      paymentRequest({ amount: 2500 }, { number: uniqueVisaNumber(seed++) }),
      "authorizations",
    );
    expect(created.body.transaction.status).toBe("successful");
    const start = await client.getTransaction(credentials(shop), created.body.transaction.uid);
    if (!start.ok) throw new Error(start.kind);
    const chain = await assembleChain({
      start: start.data,
      read: (uid) => client.getTransaction(credentials(shop), uid),
      children: async (parentUid) => {
        const page = await client.listTransactions(credentials(shop), { parentUid });
        return page.ok ? { ok: true as const, data: page.data.items } : page;
      },
    });
    if (!chain.ok) throw new Error(chain.kind);
    const expiresAt = new Date(Date.parse(start.data.created_at) + 7 * 24 * 3600_000).toISOString();
    expect(start.data.amounts?.authorization_expires_at).toBe(expiresAt);
    expect(moneyPosition(chain.data)).toMatchObject({
      capturable: 2500,
      expiresAt,
      expired: false,
      operations: ["capture", "void"],
    });
  });
});

describe("checkout sessions and the daily report", () => {
  it("lists the shop's checkout sessions with the total", async () => {
    const created = await gateway.call("/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "tokenization",
          order: { amount: 500, currency: "EUR", description: "Box" },
        },
      },
    });
    expect(created.status).toBe(201);
    const list = await client.listCheckouts(credentials(shop), { perPage: 5 });
    expect(list.ok && list.data.total).toBe(1);
    expect(list.ok && list.data.items[0].status).toBe("pending");
    const other = await client.listCheckouts(credentials(otherShop));
    expect(other.ok && other.data.items).toEqual([]);
  });

  it("counts today's tokenizations", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const report = await client.getDailyReport(credentials(otherShop), { from: today, to: today });
    expect(report.ok && report.data).toEqual({
      test: true,
      days: [expect.objectContaining({ date: today, tokenizations: 1, successful: 1, success_rate: 1 })],
    });
  });
});

describe("shop settings and keys", () => {
  it("reads the shop and changes settings, passing field errors on", async () => {
    const own = await gateway.createShop({}, "Settings Shop");
    const read = await client.getShop(credentials(own));
    expect(read.ok && read.data).toMatchObject({
      id: own.id,
      name: "Settings Shop",
      settings: { three_d_secure: false },
    });
    expect(read.ok && read.data.webhook_secret).toMatch(/^whsec_/);

    const updated = await client.updateShopSettings(credentials(own), {
      three_d_secure: true,
      smart_routing_rules: [{ match: { bin: "99999999" }, action: "decline" }],
    });
    expect(updated.ok && updated.data.settings.three_d_secure).toBe(true);
    expect(updated.ok && updated.data.settings.smart_routing_rules).toEqual([
      { match: { bin: "99999999" }, action: "decline" },
    ]);
    const invalid = await client.updateShopSettings(credentials(own), {
      branding: { color: "blue" },
    } as never);
    expect(invalid).toMatchObject({
      ok: false,
      kind: "invalid",
      errors: { settings: { branding: { color: expect.any(Array) } } },
    });
  });

  it("rotates the secret key: the new one works at once, the old one no longer", async () => {
    const own = await gateway.createShop({}, "Rotating Shop");
    const rotated = await client.rotateSecretKey(credentials(own));
    expect(rotated.ok).toBe(true);
    const newKey = rotated.ok ? rotated.data : "";
    expect(newKey).not.toBe(own.secretKey);
    expect((await verifyShopCredentials(client, String(own.id), newKey)).status).toBe("verified");
    expect((await client.getShop(credentials(own))).ok).toBe(false);
  });
});

describe("admin sessions through the client", () => {
  it("a started session rides along on every call; once ended, the same credentials are refused", async () => {
    const started = await client.startAdminSession(credentials(shop));
    if (!started.ok) throw new Error(`no session: ${started.message}`);
    const signedIn = { ...credentials(shop), sessionId: started.data.id };
    expect(await client.getShop(signedIn)).toMatchObject({ ok: true, data: { id: shop.id } });

    expect(await client.endAdminSession(signedIn)).toMatchObject({ ok: true, status: 204 });
    // A cookie replayed after sign-out: every call of the admin area is refused.
    expect(await client.getShop(signedIn)).toMatchObject({ ok: false, kind: "unauthorized", status: 401 });
    expect(await client.listTransactions(signedIn, {})).toMatchObject({ ok: false, kind: "unauthorized" });
    expect(await client.endAdminSession(signedIn)).toMatchObject({ ok: false, kind: "unauthorized" });
  });
});
