import { serve } from "@hono/node-server";
import { getConfig } from "@/lib/config";
import { startGatewayRuntime } from "@/lib/gateway/runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { createLogger } from "@/lib/log";
import { reportOperatorErrors } from "@/lib/operator-error";

/** The gateway alone on its own port, for deployments that run the card vault in a separate process. */
reportOperatorErrors();
const config = getConfig();
const logger = createLogger({ level: config.logLevel });
const gateway = await startGatewayRuntime({ config, logger });
const demoShops = await demoShopLines(gateway.deps.shops);
const server = serve({ fetch: gateway.app.fetch, port: config.port, hostname: config.host }, () => {
  // Its public address, as `npm start` prints (not the interface it binds, 0.0.0.0 by default).
  console.log([`Tessera gateway listening on ${config.gatewayPublicUrl}`, ...demoShops].join("\n"));
});

function shutdown() {
  server.close();
  void gateway.close().finally(() => process.exit(0));
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
