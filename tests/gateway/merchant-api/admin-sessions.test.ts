import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/lib/gateway/clock";
import { basicAuthorization, callJson, startTestGateway, type TestGateway, type TestShop } from "../harness";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});

afterAll(async () => {
  await gateway.close();
});

async function startSession(on: TestGateway, shop: TestShop, secretKey = shop.secretKey): Promise<string> {
  const response = await callJson(on, "/shop/sessions", {
    method: "POST",
    headers: { authorization: basicAuthorization(shop.id, secretKey) },
  });
  expect(response.status).toBe(201);
  expect(response.body.session.id).toMatch(/^[0-9a-f]{64}$/);
  return response.body.session.id;
}

/** What the admin area does on every call: the shop's credentials and the session it signed in with. */
function readShop(on: TestGateway, shop: TestShop, session: string | null, secretKey = shop.secretKey) {
  const headers: Record<string, string> = { authorization: basicAuthorization(shop.id, secretKey) };
  if (session !== null) headers["x-admin-session"] = session;
  return on.call("/shop", { headers });
}

describe("admin sessions", () => {
  it("a session replayed after sign-out gets 401; the credentials alone still work for the API", async () => {
    const shop = await gateway.createShop();
    const session = await startSession(gateway, shop);
    expect((await readShop(gateway, shop, session)).status).toBe(200);

    const signedOut = await gateway.call("/shop/sessions/current", {
      method: "DELETE",
      headers: { authorization: shop.authorization, "x-admin-session": session },
    });
    expect(signedOut.status).toBe(204);

    const replayed = await readShop(gateway, shop, session);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ message: "Access denied", errors: { base: ["Access denied"] } });
    // Every endpoint the admin area calls, not only /shop.
    const list = await gateway.call("/transactions", {
      headers: { authorization: shop.authorization, "x-admin-session": session },
    });
    expect(list.status).toBe(401);
    expect((await readShop(gateway, shop, null)).status).toBe(200);
  });

  it("a session belongs to its shop, and a made-up id is no session", async () => {
    const shop = await gateway.createShop();
    const other = await gateway.createShop();
    const session = await startSession(gateway, other);
    expect((await readShop(gateway, shop, session)).status).toBe(401);
    expect((await readShop(gateway, shop, "0".repeat(64))).status).toBe(401);
    expect((await readShop(gateway, shop, "not a session")).status).toBe(401);
  });

  it("rotating the secret key ends every session of the shop, the rotating one's included", async () => {
    const shop = await gateway.createShop();
    const bystander = await gateway.createShop();
    const [mine, another] = [await startSession(gateway, shop), await startSession(gateway, shop)];
    const bystanderSession = await startSession(gateway, bystander);

    const rotated = await callJson(gateway, "/shop/secret_key", {
      method: "POST",
      headers: { authorization: shop.authorization, "x-admin-session": mine },
    });
    expect(rotated.status).toBe(200);
    const newKey: string = rotated.body.secret_key;

    // Even with the new key: the sessions were signed in with the old one.
    expect((await readShop(gateway, shop, mine, newKey)).status).toBe(401);
    expect((await readShop(gateway, shop, another, newKey)).status).toBe(401);
    const fresh = await startSession(gateway, shop, newKey);
    expect((await readShop(gateway, shop, fresh, newKey)).status).toBe(200);
    expect((await readShop(gateway, bystander, bystanderSession)).status).toBe(200);
  });

  it("a session ends by itself 8 hours after it started", async () => {
    const clock = new ManualClock(new Date("2026-03-01T08:00:00Z"));
    const timed = await startTestGateway({ clock });
    try {
      const shop = await timed.createShop();
      const session = await startSession(timed, shop);
      clock.advance(8 * 3600_000 - 1000);
      expect((await readShop(timed, shop, session)).status).toBe(200);
      clock.advance(1000);
      expect((await readShop(timed, shop, session)).status).toBe(401);
    } finally {
      await timed.close();
    }
  });
});
