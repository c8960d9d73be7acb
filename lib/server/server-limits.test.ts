import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { applyServerLimits, limitRequestBody, type ServerLimits, serverOptions } from "./server-limits";

const LIMITS: ServerLimits = {
  headersTimeoutSeconds: 1,
  requestTimeoutSeconds: 1,
  keepAliveTimeoutSeconds: 1,
  maxConnectionsPerAddress: 0,
};

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A real server as server.ts builds it, whose handler stands for Next: it reads the whole body (as Next buffers a
 * server action's) and answers how many bytes it got.
 */
async function startServer(limits: ServerLimits, bodyLimit?: number): Promise<number> {
  const server = http.createServer(serverOptions(limits), (request, response) => {
    if (bodyLimit !== undefined && limitRequestBody(request, response, bodyLimit)) return;
    let bytes = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => response.end(`read ${bytes}`));
  });
  applyServerLimits(server, limits, () => false);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** Milliseconds from the first write to the close. */
  closedAfterMs: number;
}

/** Opens a socket, writes `parts` and then nothing more, and waits for the server to close it. */
function exchange(port: number, ...parts: string[]): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const started = performance.now();
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ received, closedAfterMs: performance.now() - started }));
    socket.on("connect", () => {
      for (const part of parts) socket.write(part);
    });
    setTimeout(() => reject(new Error(`still open after 8 s; received ${JSON.stringify(received)}`)), 8000);
  });
}

describe("server timeouts", () => {
  it("cuts off a body that stalls: 408 and the connection closed within the request timeout", async () => {
    const port = await startServer(LIMITS);
    const stalled = await exchange(
      port,
      "POST /checkout/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
      "only ten b",
    );
    expect(stalled.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(stalled.closedAfterMs).toBeLessThan(2500);
  });

  it("cuts off headers that never end", async () => {
    const port = await startServer(LIMITS);
    const stalled = await exchange(port, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(stalled.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.closedAfterMs).toBeLessThan(2500);
  });

  it("defaults to seconds: a 10 s header and 30 s request timeout, checked every second", () => {
    expect(
      serverOptions({
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        keepAliveTimeoutSeconds: 5,
        maxConnectionsPerAddress: 64,
      }),
    ).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1000,
    });
    // Node refuses a headers timeout beyond the request's: it is held to it.
    expect(
      serverOptions({ ...LIMITS, headersTimeoutSeconds: 20, requestTimeoutSeconds: 5 }).headersTimeout,
    ).toBe(5000);
  });
});

describe("page request bodies over the limit", () => {
  it("are answered 413 on their declared length, before a byte of the body is read", async () => {
    const port = await startServer({ ...LIMITS, requestTimeoutSeconds: 5, headersTimeoutSeconds: 5 }, 1024);
    const refused = await exchange(
      port,
      "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data\r\nContent-Length: 10485760\r\n\r\n",
    );
    expect(refused.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.received).toContain("Request body is larger than 1024 bytes");
    // Not after the request timeout: at once.
    expect(refused.closedAfterMs).toBeLessThan(1000);
  });

  it("are answered 413 when a chunked body streams past the limit; smaller ones reach the handler whole", async () => {
    const port = await startServer({ ...LIMITS, requestTimeoutSeconds: 5, headersTimeoutSeconds: 5 }, 1024);
    const chunk = (size: number) => `${size.toString(16)}\r\n${"x".repeat(size)}\r\n`;
    const head =
      "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    const refused = await exchange(port, head, chunk(600), chunk(600), chunk(600));
    expect(refused.received).toMatch(/^HTTP\/1\.1 413 /);
    const accepted = await exchange(port, head, chunk(600), chunk(400), "0\r\n\r\n");
    expect(accepted.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(accepted.received).toMatch(/read 1000$/);

    const declared = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "y".repeat(1024) });
    expect(await declared.text()).toBe("read 1024");
  });
});

describe("open connections per address", () => {
  it("are capped: one over the cap is closed at once, and a slot frees when a connection ends", async () => {
    const port = await startServer({ ...LIMITS, requestTimeoutSeconds: 5, maxConnectionsPerAddress: 2 });
    const connect = () =>
      new Promise<net.Socket>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
        socket.on("error", () => {});
      });
    const closed = (socket: net.Socket) =>
      new Promise<boolean>((resolve) => {
        socket.once("close", () => resolve(true));
        setTimeout(() => resolve(false), 500);
      });
    const first = await connect();
    const second = await connect();
    const third = await connect();
    expect(await closed(third)).toBe(true);
    expect(await closed(second)).toBe(false);
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = await connect();
    expect(await closed(fourth)).toBe(false);
    second.destroy();
    fourth.destroy();
  });
});
