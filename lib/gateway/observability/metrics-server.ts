import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "@/lib/server/log";
import type { GatewayMetrics } from "./metrics";

/** Only the machine itself can reach it: a scraper beside the process (a sidecar, a node agent), no token needed. */
export const METRICS_HOST = "127.0.0.1";

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** `METRICS_PORT`: `GET /metrics` on a port of its own, bound to loopback; everything else 404. */
export async function startMetricsServer(options: {
  port: number;
  metrics: GatewayMetrics;
  logger: Logger;
}): Promise<MetricsServer> {
  const { metrics, logger } = options;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    metrics
      .render((error) => logger.warn({ err: error }, "metrics: a figure could not be read"))
      .then(({ contentType, body }) => {
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "metrics: rendering failed");
        response.writeHead(500, { "Content-Type": "text/plain" }).end("Internal server error");
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, METRICS_HOST, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
