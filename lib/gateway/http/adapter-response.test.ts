import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonInAdapterResponse } from "./adapter-response";

// As in server.ts, where Next shares the process: the adapter leaves the platform's globals alone.
const platformResponse = globalThis.Response;
const platformRequest = globalThis.Request;
const built: Response[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = new Hono();
  app.use(jsonInAdapterResponse);
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  app.get("/listed", (c) => {
    c.header("X-Total-Count", "2");
    return c.json({ items: ["é", "b"] });
  });
  app.post("/refused", (c) => c.json({ message: "Nope", errors: {} }, 422, { "X-Reason": "rule" }));
  const listener = getRequestListener(
    async (request, env) => {
      const response = await app.fetch(request, env);
      built.push(response);
      return response;
    },
    { overrideGlobalObjects: false },
  );
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the gateway's JSON answers beside Next's globals", () => {
  it("are built with the adapter's own Response, not the platform's, and the globals stay the platform's", async () => {
    built.length = 0;
    const answer = await fetch(`${base}/listed`);
    expect(await answer.json()).toEqual({ items: ["é", "b"] });
    expect(built).toHaveLength(1);
    // (compared, not handed to expect: printing a Response's prototype reads its getters, which throw)
    expect(Object.getPrototypeOf(built[0]) === platformResponse.prototype).toBe(false);
    expect(built[0]).toBeInstanceOf(platformResponse);
    expect(globalThis.Response).toBe(platformResponse);
    expect(globalThis.Request).toBe(platformRequest);
  });

  it("keep Hono's status, content type, length and every header set before and after the handler", async () => {
    const listed = await fetch(`${base}/listed`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("content-type")).toBe("application/json");
    expect(listed.headers.get("content-length")).toBe(String(Buffer.byteLength('{"items":["é","b"]}')));
    expect(listed.headers.get("x-total-count")).toBe("2");
    expect(listed.headers.get("cache-control")).toBe("no-store");

    const refused = await fetch(`${base}/refused`, { method: "POST" });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("x-reason")).toBe("rule");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({ message: "Nope", errors: {} });
  });
});
