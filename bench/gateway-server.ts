import { serve } from "@hono/node-server";
import { pino } from "pino";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";

/** The gateway as deployed (real runtime, durable store), with one benchmark shop; prints its credentials. */
const config = loadConfig({
  NODE_ENV: "production",
  PORT: "0",
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data-bench-gateway",
  MASTER_KEY: "11".repeat(32),
  // As deployed: a log line per request is part of the cost.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  ALLOW_PRIVATE_URLS: "true",
  // `npm run bench:soak` compares the embedded database with its maintenance and without.
  EMBEDDED_DATABASE_MAINTENANCE: process.env.EMBEDDED_DATABASE_MAINTENANCE,
});
// To a file when given: the benchmark's load generator should not also be the process reading the log.
const logFile = process.env.BENCH_LOG_FILE;
const logger = createLogger({
  level: config.logLevel,
  destination: logFile ? pino.destination({ dest: logFile, sync: false }) : undefined,
});
const runtime = await startGatewayRuntime({ config, logger, demoShops: false });
// The load sends thousands of new cards a minute, which the default new-card cap (card-testing defence) refuses.
const shop = await createShop({
  db: runtime.deps.db,
  keyring: runtime.deps.keyring,
  name: "Benchmark",
  settings: { new_card_limit_per_minute: 0 },
});
const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(`LISTENING ${info.port} ${shop.id} ${shop.secretKey}`);
});
process.on("SIGTERM", () => {
  server.close();
  void runtime.close().finally(() => process.exit(0));
});
