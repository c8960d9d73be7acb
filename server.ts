import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { quietClientAborts } from "@/lib/client-aborts";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "@/lib/client-address";
import { getConfig } from "@/lib/config";
import { GATEWAY_BASE_PATH } from "@/lib/gateway/http/app";
import { startGatewayRuntime } from "@/lib/gateway/runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { createLogger } from "@/lib/log";
import { reportOperatorErrors } from "@/lib/operator-error";

/**
 * One port: `/gateway/*` goes straight to the Hono gateway (the hot path never enters Next's pipeline),
 * everything else to the Next.js checkout app.
 */
// Until it listens: a wrong MASTER_KEY, a database or port in use, is one line and exit status 1.
const stopReportingOperatorErrors = reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: config.logLevel });
const dev = process.argv.includes("--dev");

const gateway = await startGatewayRuntime({ config, logger });
const handleGateway = getRequestListener(gateway.app.fetch);
const nextApp = next({ dev, dir: import.meta.dirname, hostname: "localhost", port: config.port });
await nextApp.prepare();
const handleNext = nextApp.getRequestHandler();

function isGatewayPath(url: string | undefined): boolean {
  return (
    url === GATEWAY_BASE_PATH ||
    (url?.startsWith(`${GATEWAY_BASE_PATH}/`) ?? false) ||
    (url?.startsWith(`${GATEWAY_BASE_PATH}?`) ?? false)
  );
}

const server = http.createServer((request, response) => {
  if (isGatewayPath(request.url)) {
    handleGateway(request, response);
    return;
  }
  // The checkout app forwards this to the gateway (X-Forwarded-For), so throttles see the shopper or merchant,
  // not the app. Always overwritten: a client cannot choose its own.
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers["x-forwarded-for"]?.toString(),
    trustedProxies: config.trustedProxies,
  });
  handleNext(request, response).catch((error: unknown) => {
    logger.error({ err: error, path: request.url }, "checkout app request failed");
    if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" });
    response.end("Internal server error");
  });
});

const demoShops = await demoShopLines(gateway.deps.shops);

server.listen(config.port, config.host, () => {
  stopReportingOperatorErrors();
  quietClientAborts(logger);
  const lines = [
    `Tessera is running at ${config.publicUrl}`,
    `  gateway API: ${config.gatewayPublicUrl}`,
    `  admin area:  ${config.publicUrl}/admin (sign in with a shop id and secret key)`,
    ...demoShops,
  ];
  console.log(lines.join("\n"));
});

function shutdown(signal: string) {
  logger.info({ signal }, "shutting down");
  server.close();
  void gateway.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
