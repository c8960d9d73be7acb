import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { installGracefulShutdown } from "./graceful-shutdown";
import { createLogger } from "./log";

interface Harness {
  port: number;
  server: http.Server;
  events: string[];
  exitCode: Promise<number>;
  shutdown: (signal: string) => Promise<void>;
  /** Lets the slow route answer. */
  release: () => void;
}

let servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers) server.closeAllConnections();
  servers = [];
});

/** A server with a fast route and a slow one (answers when released), and the shutdown installed over it. */
async function harness(
  options: { graceSeconds?: number; acceptWhileDraining?: boolean; listenerNeeded?: () => boolean } = {},
): Promise<Harness> {
  const events: string[] = [];
  let releaseSlow: () => void = () => {};
  const slowReleased = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  const server = http.createServer((request, response) => {
    const answer = () => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end(request.url);
    };
    if (request.url === "/slow") void slowReleased.then(answer);
    else answer();
  });
  server.keepAliveTimeout = 60_000;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let exit: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => {
    exit = resolve;
  });
  const logger = createLogger({
    level: "silent",
    destination: new Writable({ write: (_c, _e, cb) => cb() }),
  });
  const shutdown = installGracefulShutdown({
    server,
    logger,
    graceSeconds: options.graceSeconds ?? 20,
    acceptWhileDraining: options.acceptWhileDraining ? () => true : undefined,
    listenerNeeded: options.listenerNeeded,
    stopBackgroundWork: async () => {
      events.push("workers stopped");
    },
    close: async () => {
      events.push("database closed");
    },
    exit: (code) => {
      events.push(`exit ${code}`);
      exit(code);
    },
  });
  return {
    port: (server.address() as AddressInfo).port,
    server,
    events,
    exitCode,
    shutdown,
    release: () => releaseSlow(),
  };
}

function get(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; body: string; connection: string | undefined; at: number }>(
    (resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, agent }, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              body,
              connection: response.headers.connection,
              at: Date.now(),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("graceful shutdown", () => {
  it("finishes the request in flight with Connection: close, refuses new connections, then closes and exits 0", async () => {
    const h = await harness();
    const agent = new http.Agent({ keepAlive: true });
    const idle = new http.Agent({ keepAlive: true });
    await get(idle, h.port, "/fast");
    const idleSocketClosed = new Promise<void>((resolve) => {
      const [socket] = Object.values(idle.freeSockets).flat();
      socket?.once("close", () => resolve());
    });
    const slow = get(agent, h.port, "/slow");
    await tick(100);
    const shutdown = h.shutdown("SIGTERM");
    await tick(100);
    // The idle keep-alive connection is closed; a new connection is refused; the database is still open.
    await idleSocketClosed;
    await expect(get(new http.Agent(), h.port, "/fast")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(h.events).toEqual(["workers stopped"]);
    h.release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: "/slow", connection: "close" });
    expect(await h.exitCode).toBe(0);
    await shutdown;
    expect(h.events).toEqual(["workers stopped", "database closed", "exit 0"]);
    agent.destroy();
    idle.destroy();
  });

  it("still takes the checkout app's own connections while requests are in flight, answered Connection: close", async () => {
    const h = await harness({ acceptWhileDraining: true });
    const slow = get(new http.Agent({ keepAlive: true }), h.port, "/slow");
    await tick(100);
    void h.shutdown("SIGTERM");
    await tick(100);
    const inner = await get(new http.Agent({ keepAlive: true }), h.port, "/fast");
    expect(inner).toMatchObject({ status: 200, connection: "close" });
    h.release();
    await slow;
    expect(await h.exitCode).toBe(0);
    await expect(get(new http.Agent(), h.port, "/fast")).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("closes the listener once it is no longer needed, though requests are still finishing", async () => {
    let needed = true;
    const h = await harness({ acceptWhileDraining: true, listenerNeeded: () => needed });
    const slow = get(new http.Agent({ keepAlive: true }), h.port, "/slow");
    await tick(100);
    void h.shutdown("SIGTERM");
    await tick(100);
    expect((await get(new http.Agent(), h.port, "/fast")).status).toBe(200);
    needed = false;
    await tick(200);
    await expect(get(new http.Agent(), h.port, "/fast")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    h.release();
    expect((await slow).status).toBe(200);
    expect(await h.exitCode).toBe(0);
  });

  it("cuts what is still running after the grace period, and still closes the database and exits 0", async () => {
    const h = await harness({ graceSeconds: 1 });
    const slow = get(new http.Agent({ keepAlive: true }), h.port, "/slow").catch(
      (error: NodeJS.ErrnoException) => String(error.code),
    );
    await tick(100);
    const began = Date.now();
    void h.shutdown("SIGTERM");
    expect(await h.exitCode).toBe(0);
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    expect(await slow).toBe("ECONNRESET");
    expect(h.events).toEqual(["workers stopped", "database closed", "exit 0"]);
  });

  it("ends at once with status 1 on a second signal", async () => {
    const h = await harness();
    const slow = get(new http.Agent(), h.port, "/slow").catch(() => null);
    await tick(100);
    void h.shutdown("SIGINT");
    void h.shutdown("SIGINT");
    expect(await h.exitCode).toBe(1);
    h.release();
    await slow;
  });
});
