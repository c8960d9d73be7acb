import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithRequestId } from "@/lib/server/request-id";
import { requestGateway } from "./http";

describe("the gateway client and request ids", () => {
  const seen: (string | undefined)[] = [];
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers["x-request-id"]?.toString());
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("passes the page's request id on to the gateway, and none outside a request", async () => {
    const call = () =>
      requestGateway({ baseUrl }, { method: "GET", path: "/shop", authorization: "Basic eDp5" });
    expect((await runWithRequestId("page-req-9", call)).ok).toBe(true);
    expect((await call()).ok).toBe(true);
    expect(seen).toEqual(["page-req-9", undefined]);
  });
});
