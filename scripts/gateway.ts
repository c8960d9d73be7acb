import http from "node:http";
import { gatewayPathOf } from "@/lib/gateway/http/gateway-paths";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { parseCommandLine } from "@/lib/server/cli";
import { isTrustedProxy } from "@/lib/server/client-address";
import { getConfig } from "@/lib/server/config";
import { gatewayRequestListener } from "@/lib/server/gateway-listener";
import { installGracefulShutdown, onStopSignals } from "@/lib/server/graceful-shutdown";
import { createLogger } from "@/lib/server/log";
import { reportOperatorErrors } from "@/lib/server/operator-error";
import { applyServerLimits, serverOptions } from "@/lib/server/server-limits";

/** The gateway alone on its own port, for deployments that run the card vault in a separate process. */
parseCommandLine({
  usage: `Usage:
  npm run gateway     the gateway alone on PORT (settings from the environment and .env; see README)`,
  maxPositionals: 0,
});
reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: config.logLevel, format: config.logFormat });
const gateway = await startGatewayRuntime({ config, logger });
const demoShops = await demoShopLines(gateway.deps.shops, config);
const handleGateway = gatewayRequestListener(gateway.app.fetch, config.gatewayPublicUrl);

const server = http.createServer(serverOptions(config), (request, response) => {
  // The API answers at the root as well as under /gateway, as in the full server; anything else gets the
  // gateway's own 404.
  const gatewayPath = gatewayPathOf(request.url);
  if (gatewayPath !== null) request.url = gatewayPath;
  handleGateway(request, response);
});
applyServerLimits(server, config, (address) => isTrustedProxy(address, config.trustedProxies));

server.listen(config.port, config.host, () => {
  // Its public address, as `npm start` prints (not the interface it binds, 0.0.0.0 by default).
  const lines = [`Tessera gateway listening on ${config.gatewayPublicUrl}`, ...demoShops];
  // The banner on its own: the log lines written so far go out first, and blank lines set it apart from them.
  logger.flush(() => console.log(`\n${lines.join("\n")}\n`));
});

onStopSignals(
  installGracefulShutdown({
    server,
    logger,
    graceSeconds: config.shutdownGraceSeconds,
    stopBackgroundWork: () => gateway.stopBackgroundWork(),
    close: () => gateway.close(),
  }),
);
