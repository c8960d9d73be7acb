import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the merchant's server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, byte for byte (signatures are checked on it). */
  body: string;
}

/** What the receiver answers, after `delayMs` when given; `hang` never answers (for timeouts). */
export type ReceiverAnswer =
  | {
      status: number;
      body?: string;
      contentType?: string;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  | "hang";

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:43123 */
  origin: string;
  port: number;
  received: ReceivedRequest[];
  /** Decides the answer to each request (default: 200 `{"code":0}`). */
  answer: (request: ReceivedRequest, index: number) => ReceiverAnswer;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A merchant's HTTP server, real and local: the gateway's requests cross a real socket. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: WebhookReceiver = {
    origin: "",
    port: 0,
    received: [],
    answer: () => ({ status: 200, body: '{"code":0}', contentType: "application/json" }),
    waitFor(count, timeoutMs = 20_000) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Expected ${count} requests, got ${receiver.received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received: ReceivedRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = receiver.received.push(received) - 1;
      for (const waiter of waiters.filter((entry) => receiver.received.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = receiver.answer(received, index);
      if (answer === "hang") return;
      const reply = () => {
        response.writeHead(answer.status, {
          "Content-Type": answer.contentType ?? "application/json",
          ...answer.headers,
        });
        response.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  receiver.port = (server.address() as AddressInfo).port;
  receiver.origin = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}
