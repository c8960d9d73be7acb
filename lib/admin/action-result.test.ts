import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopCredentials } from "@/lib/gateway-client/checkout";

/**
 * The per-action Origin check of `runAdminAction`. In a running deployment the proxy (for /admin paths), Next's
 * own Origin/Host comparison and Next's forwarding of an action to the page that owns it refuse a forged request
 * before the action runs (see e2e/admin-session.spec.ts), so only here can the action's own check be seen alone:
 * the request context Next would provide (`next/headers`) is supplied by the test, with a valid session cookie, so
 * that nothing but the Origin check stands between a forged request and the gateway call.
 */

const request = vi.hoisted(() => ({
  headers: new Map<string, string>(),
  cookies: new Map<string, string>(),
}));

vi.mock("next/headers", () => ({
  headers: async () => ({ get: (name: string) => request.headers.get(name.toLowerCase()) ?? null }),
  cookies: async () => ({
    get: (name: string) => {
      const value = request.cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
  }),
}));

const { REFUSED_ORIGIN, runAdminAction } = await import("./action-result");
const { newSession, sealSession, sessionCookieOptions } = await import("./session-cookie");
const { resolveSessionKey } = await import("./session-key");

const PUBLIC_URL = "http://localhost:3999";
const MASTER_KEY = randomBytes(32).toString("hex");
const saved = { publicUrl: process.env.PUBLIC_URL, masterKey: process.env.MASTER_KEY };

beforeAll(() => {
  // Read once by getConfig on first use, which is inside the first runAdminAction call below.
  process.env.PUBLIC_URL = PUBLIC_URL;
  process.env.MASTER_KEY = MASTER_KEY;
});

afterAll(() => {
  if (saved.publicUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved.publicUrl;
  if (saved.masterKey === undefined) delete process.env.MASTER_KEY;
  else process.env.MASTER_KEY = saved.masterKey;
});

beforeEach(() => {
  request.headers.clear();
  request.cookies.clear();
  const key = resolveSessionKey({ masterKey: MASTER_KEY, dataDir: "/nonexistent" });
  request.cookies.set(
    sessionCookieOptions(PUBLIC_URL).name,
    sealSession(newSession("7", "secret-key-of-shop-7", "ab".repeat(32)), key),
  );
  request.headers.set("host", "localhost:3999");
});

/** The gateway call an action would make; resolves as the gateway's success. */
function gatewayCall() {
  return vi.fn(async (credentials: ShopCredentials) => ({
    ok: true as const,
    status: 200,
    data: { calledFor: String(credentials.shopId) },
  }));
}

describe("runAdminAction", () => {
  it.each([
    ["a foreign Origin", "https://evil.example"],
    ["the opaque null Origin", "null"],
    ["no Origin at all", undefined],
    ["an Origin with a path", "http://localhost:3999/admin"],
    ["the deployment's host under another scheme", "https://localhost:3999"],
  ])("refuses %s without calling the gateway, even with a valid session", async (_name, origin) => {
    if (origin !== undefined) request.headers.set("origin", origin);
    const call = gatewayCall();
    await expect(runAdminAction(call)).resolves.toEqual(REFUSED_ORIGIN);
    expect(call).not.toHaveBeenCalled();
  });

  it("runs the call with the session's credentials and gateway session for the deployment's own Origin", async () => {
    request.headers.set("origin", PUBLIC_URL);
    const call = gatewayCall();
    await expect(runAdminAction(call)).resolves.toEqual({ status: "ok", data: { calledFor: "7" } });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toEqual({
      shopId: "7",
      secretKey: "secret-key-of-shop-7",
      sessionId: "ab".repeat(32),
    });
  });

  it("accepts the same deployment reached under another host name, as the browser addressed it", async () => {
    request.headers.set("host", "127.0.0.1:3999");
    request.headers.set("origin", "http://127.0.0.1:3999");
    const call = gatewayCall();
    await expect(runAdminAction(call)).resolves.toMatchObject({ status: "ok" });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("answers a subscription (as the cancel action does) without its recurring card token", async () => {
    request.headers.set("origin", PUBLIC_URL);
    const token = "f00d".repeat(16);
    const call = vi.fn(async () => ({
      ok: true as const,
      status: 200,
      data: {
        id: "sbs_0123456789abcdef",
        state: "canceled",
        card: { token, stamp: "5ea1", brand: "visa", first_1: "4", last_4: "4242" },
      },
    }));
    const answer = await runAdminAction(call);
    expect(answer).toMatchObject({ status: "ok", data: { card: { last_4: "4242", token_issued: true } } });
    expect(JSON.stringify(answer)).not.toContain(token);
    expect(JSON.stringify(answer)).not.toContain("5ea1");
  });
});
