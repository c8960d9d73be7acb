import type http from "node:http";
import { serve } from "@hono/node-server";
import { isTrustedProxy } from "@/lib/client-address";
import { getConfig } from "@/lib/config";
import { startGatewayRuntime } from "@/lib/gateway/runtime";
import { demoShopLines } from "@/lib/gateway/shops/demo-shops";
import { createLogger } from "@/lib/log";
import { applyServerLimits, serverOptions } from "@/lib/server-limits";

/** The gateway alone on its own port, for deployments that run the card vault in a separate process. */
const config = getConfig();
const logger = createLogger({ level: config.logLevel });
const gateway = await startGatewayRuntime({ config, logger });
const demoShops = await demoShopLines(gateway.deps.shops, config);
const server = serve(
  {
    fetch: gateway.app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: serverOptions(config),
  },
  (info) => {
    console.log(
      [`Tessera gateway listening on http://${info.address}:${info.port}/gateway`, ...demoShops].join("\n"),
    );
  },
);
applyServerLimits(server as http.Server, config, (address) => isTrustedProxy(address, config.trustedProxies));

function shutdown() {
  server.close();
  void gateway.close().finally(() => process.exit(0));
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
