import pg from "pg";
import { pino } from "pino";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { loadConfig } from "@/lib/server/config";
import { SCENARIOS, type ScenarioName } from "./scenarios";

/**
 * `npx tsx bench/round-trips.ts [postgres-url]`: the statements (database round trips, `begin` and `commit`
 * included) the gateway sends per request of each benchmark scenario, on a private PostgreSQL database, counted
 * at the driver. The profile behind the figures in docs/decisions.md ("Transaction writer and the benchmark
 * baseline").
 */
const adminUrl = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `tessera_round_trips_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);

const counted: string[] = [];
let counting = false;
// Counted at the client, the one that talks to the server (a pool's `query` hands over to it).
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  if (counting) counted.push(typeof first === "string" ? first : (first?.text ?? "?"));
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const config = loadConfig({
  NODE_ENV: "production",
  PORT: "0",
  DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${name}`),
  DATA_DIR: ".data-round-trips",
  MASTER_KEY: "11".repeat(32),
  LOG_LEVEL: "silent",
  ALLOW_PRIVATE_URLS: "true",
});
const runtime = await startGatewayRuntime({ config, logger: pino({ level: "silent" }), demoShops: false });
try {
  // Every request sends a new card, which the default new-card cap (card-testing defence) would soon refuse.
  const shop = await createShop({
    db: runtime.deps.db,
    keyring: runtime.deps.keyring,
    name: "Round trips",
    settings: { new_card_limit_per_minute: 0 },
  });
  const target = {
    base: "http://gateway.test/gateway",
    headers: { authorization: `Basic ${Buffer.from(`${shop.id}:${shop.secretKey}`).toString("base64")}` },
  };
  const fetchApp = (input: string, init: RequestInit) => runtime.app.fetch(new Request(input, init));
  globalThis.fetch = fetchApp as typeof fetch;
  const requests = 20;
  for (const scenarioName of ["tokenization", "payment", "refund"] as ScenarioName[]) {
    const scenario = SCENARIOS[scenarioName];
    const nextBody = await scenario.prepare(target);
    counted.length = 0;
    counting = true;
    // One at a time: the batch writer then writes one row a batch, its worst case.
    for (let i = 0; i < requests; i++) {
      const response = await fetchApp(`${target.base}${scenario.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...target.headers },
        body: nextBody(),
      });
      if (response.status !== 200)
        throw new Error(`${scenarioName}: ${response.status} ${await response.text()}`);
    }
    counting = false;
    console.log(`\n${scenarioName}: ${(counted.length / requests).toFixed(1)} statements a request`);
    const perStatement = new Map<string, number>();
    for (const text of counted) {
      const key = text.replace(/\s+/g, " ").slice(0, 110);
      perStatement.set(key, (perStatement.get(key) ?? 0) + 1);
    }
    for (const [text, count] of perStatement) console.log(`  ${(count / requests).toFixed(2)}  ${text}`);
  }
} finally {
  await runtime.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
