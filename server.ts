import http from "node:http";
import next from "next";
import { gatewayPathOf } from "@/lib/gateway/http/gateway-paths";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { parseServerArguments } from "@/lib/server/cli";
import { quietClientAborts } from "@/lib/server/client-aborts";
import { CLIENT_ADDRESS_HEADER, isTrustedProxy, resolveClientAddress } from "@/lib/server/client-address";
import { getConfig, pinModeSettings } from "@/lib/server/config";
import { gatewayRequestListener } from "@/lib/server/gateway-listener";
import { installGracefulShutdown, onStopSignals } from "@/lib/server/graceful-shutdown";
import { createLogger, maskProcessOutput } from "@/lib/server/log";
import { reportOperatorErrors } from "@/lib/server/operator-error";
import { withMalformedEscapesLiteral } from "@/lib/server/percent-encoding";
import { projectRoot } from "@/lib/server/project-root";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/server/request-id";
import { applyServerLimits, limitRequestBody, serverOptions } from "@/lib/server/server-limits";

/**
 * One port: `/gateway/*` goes straight to the Hono gateway (the hot path never enters Next's pipeline),
 * everything else to the Next.js checkout app.
 */
// Before Next loads: its own messages name request URLs, and a checkout's URL carries the shopper's credential.
maskProcessOutput();
// Until it listens: a wrong MASTER_KEY, a database or port in use, is one line and exit status 1.
const stopReportingOperatorErrors = reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: config.logLevel, format: config.logFormat });
const dev = parseServerArguments().dev;

const gateway = await startGatewayRuntime({ config, logger });
// Next shares this process: the adapter's own lighter Request and Response stay the gateway's, not the globals that
// Next and React build their answers with.
const handleGateway = gatewayRequestListener(gateway.app.fetch, config.gatewayPublicUrl, {
  overrideGlobalObjects: false,
});
// Next sets NODE_ENV=production in this process as it prepares a production build, and the checkout app reads its own
// copy of the configuration: the settings that follow from NODE_ENV stay as the gateway read them (the demo at `/`).
pinModeSettings(config);
const nextApp = next({ dev, dir: projectRoot(), hostname: "localhost", port: config.port });
await nextApp.prepare();
const handleNext = nextApp.getRequestHandler();

/** Page requests being answered: while there are any, a shutdown keeps the listener open for their gateway calls. */
let pagesInFlight = 0;
const server = http.createServer(serverOptions(config), (request, response) => {
  const gatewayPath = gatewayPathOf(request.url);
  if (gatewayPath !== null) {
    // The API also answers at the root (beGateway clients drop base paths): one set of routes under /gateway.
    request.url = gatewayPath;
    handleGateway(request, response);
    return;
  }
  // The checkout app's answers name their request too (the gateway's do it in its own middleware), and the id is
  // passed on to Next so that its pages and actions can read it.
  const requestId = requestIdFrom(request.headers["x-request-id"]?.toString());
  request.headers["x-request-id"] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  pagesInFlight += 1;
  response.once("close", () => {
    pagesInFlight -= 1;
  });
  // Next buffers a server action's body before its own 1 MB check (and answers 500 past it): bigger bodies are
  // refused here, unread.
  if (limitRequestBody(request, response)) return;
  // Next answers a path it cannot decode with a bare 500; taken literally, it names a page that does not exist.
  if (request.url) request.url = withMalformedEscapesLiteral(request.url);
  // The checkout app forwards this to the gateway (X-Forwarded-For), so throttles see the shopper or merchant,
  // not the app. Always overwritten: a client cannot choose its own.
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers["x-forwarded-for"]?.toString(),
    trustedProxies: config.trustedProxies,
  });
  runWithRequestId(requestId, () => handleNext(request, response)).catch((error: unknown) => {
    runWithRequestId(requestId, () =>
      logger.error({ err: error, path: request.url }, "checkout app request failed"),
    );
    if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" });
    response.end(`Internal server error (request id ${requestId})`);
  });
});

applyServerLimits(server, config, (address) => isTrustedProxy(address, config.trustedProxies));

const demoShops = await demoShopLines(gateway.deps.shops, config);

server.listen(config.port, config.host, () => {
  stopReportingOperatorErrors();
  quietClientAborts(logger);
  const lines = [
    `Tessera is running at ${config.publicUrl}`,
    `  gateway API: ${config.gatewayPublicUrl}`,
    `  admin area:  ${config.publicUrl}/admin (sign in with a shop id and secret key)`,
    ...demoShops,
  ];
  // The banner on its own: the log lines written so far go out first, and blank lines set it apart from them.
  logger.flush(() => console.log(`\n${lines.join("\n")}\n`));
});

onStopSignals(
  installGracefulShutdown({
    server,
    logger,
    graceSeconds: config.shutdownGraceSeconds,
    // A page being answered may still call its own gateway over loopback (GATEWAY_BASE_URL).
    acceptWhileDraining: (address) => isTrustedProxy(address, []),
    listenerNeeded: () => pagesInFlight > 0,
    stopBackgroundWork: () => gateway.stopBackgroundWork(),
    close: () => gateway.close(),
  }),
);
