import http from "node:http";
import net from "node:net";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isClientAbort, quietClientAborts } from "./client-aborts";
import { createLogger } from "./log";

/** The error Node gives a request whose client disconnects before the body ends, from a real server. */
async function realAbortError(): Promise<Error> {
  let resolveError: (error: Error) => void = () => {};
  const caught = new Promise<Error>((resolve) => {
    resolveError = resolve;
  });
  const server = http.createServer((request) => {
    request.on("error", resolveError);
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const socket = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    "POST /admin/customers/new HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\npartial",
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
  const error = await caught;
  await new Promise((resolve) => server.close(resolve));
  return error;
}

/** What Node does with an error nobody caught. */
function emitUncaught(error: Error): void {
  (process.emit as (event: string, ...args: unknown[]) => boolean)(
    "uncaughtException",
    error,
    "uncaughtException",
  );
}

describe("quietClientAborts", () => {
  let saved: NodeJS.UncaughtExceptionListener[];
  let reached: unknown[];
  let lines: string[];

  beforeEach(() => {
    // The test runner's own listeners are put aside; one that records stands for Next.js's.
    saved = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    reached = [];
    process.on("uncaughtException", (error) => reached.push(error));
    lines = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    quietClientAborts(createLogger({ level: "debug", destination }));
  });

  afterEach(() => {
    process.removeAllListeners("uncaughtException");
    for (const listener of saved) process.on("uncaughtException", listener);
  });

  it("turns a client's abort into a debug line that never reaches the other listeners", async () => {
    const aborted = await realAbortError();
    expect(isClientAbort(aborted)).toBe(true);
    emitUncaught(aborted);
    expect(reached).toEqual([]);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: 20, msg: "request aborted by the client", err: { code: "ECONNRESET" } },
    ]);
  });

  it("passes every other error on", () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const bug = new TypeError("x is not a function");
    emitUncaught(reset);
    emitUncaught(bug);
    expect(reached).toEqual([reset, bug]);
    expect(lines).toEqual([]);
  });
});

it("leaves uncaught errors fatal in a process without listeners", () => {
  const saved = process.listeners("uncaughtException");
  process.removeAllListeners("uncaughtException");
  try {
    quietClientAborts(createLogger({ level: "silent" }));
    expect(process.listenerCount("uncaughtException")).toBe(0);
  } finally {
    for (const listener of saved) process.on("uncaughtException", listener);
  }
});
