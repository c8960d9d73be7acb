import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { createCustomer } from "@/lib/gateway/customers/create-customer";
import { createPayment } from "@/lib/gateway/payments/create-payment";
import { validatePayment } from "@/lib/gateway/payments/validate-payment";
import { startGatewayRuntime } from "@/lib/gateway/runtime/start-gateway-runtime";
import { createShop } from "@/lib/gateway/shops/create-shop";
import { createPlan, validatePlan } from "@/lib/gateway/subscriptions/plans";
import { tokenizeCard } from "@/lib/gateway/tokenization/tokenize-card";
import { validateTokenization } from "@/lib/gateway/tokenization/validate-tokenization";
import { loadConfig } from "@/lib/server/config";
import { createLogger } from "@/lib/server/log";

/**
 * `npm run bench:renewals [-- --postgres] [--count 400] [--rounds 3]`
 * Renewals per second through the subscription scheduler (claim FOR UPDATE SKIP LOCKED, cycle row and key, the
 * payment through the money path, the outcome and its event stored with the state), against a baseline that charges
 * the same token the same number of times through the same money path and acquirer in a plain loop, as many at once
 * as the scheduler's batch. Prints both rates per round, the medians and their ratio (target >= 0.7).
 */
const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    count: { type: "string", default: "400" },
    rounds: { type: "string", default: "3" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
/** The scheduler's default: 2 batches of 50 in flight; the baseline charges as many at once. */
const batch = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-bench-renewals-"));
let databaseUrl: string | null = null;
let dropDatabase = async () => {};
if (values.postgres) {
  const pg = (await import("pg")).default;
  const name = `tessera_bench_renewals_${process.pid}`;
  const admin = new pg.Client({ connectionString: values["postgres-url"] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databaseUrl = values["postgres-url"]!.replace(/\/[^/]*$/, `/${name}`);
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: values["postgres-url"] });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const config = loadConfig({
  NODE_ENV: "test",
  PORT: "0",
  MASTER_KEY: "11".repeat(32),
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const logger = createLogger({ level: "warn" });
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 40 });
const runtime = await startGatewayRuntime({
  config,
  logger,
  database,
  demoShops: false,
  backgroundWorkers: false,
});
const { deps } = runtime;

try {
  const created = await createShop({ db: deps.db, keyring: deps.keyring, name: "Bench", settings: {} });
  const found = await deps.shops.get(created.id);
  if (!found) throw new Error("bench shop missing");
  const shop = found;
  const body = {
    request: {
      amount: 100,
      currency: "USD",
      description: "Bench card",
      credit_card: { number: "4200000000000000", verification_value: "123", exp_month: 12, exp_year: 2040 },
      additional_data: { contract: ["recurring"] },
    },
  };
  const stored = await tokenizeCard({ deps, shop, request: validateTokenization(deps, body, shop) });
  const token = stored.credit_card.token;
  const plan = await createPlan({
    deps,
    shop,
    request: validatePlan({
      title: "Bench",
      currency: "USD",
      plan: { amount: 300, interval: 1, interval_unit: "day" },
    }),
  });
  const customer = await createCustomer({
    deps,
    shopId: shop.id,
    request: { email: "bench@example.com", ip: "192.0.2.1" },
  });

  async function baseline(): Promise<number> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: batch }, async () => {
        while (next < count) {
          next += 1;
          const body = {
            request: {
              amount: 300,
              currency: "USD",
              description: "Bench",
              duplicate_check: false,
              credit_card: { token },
            },
          };
          // As POST /transactions/payments takes it: validated at the edge, then charged.
          await createPayment({ deps, shop, type: "payment", request: validatePayment(deps, body, shop) });
        }
      }),
    );
    return count / ((performance.now() - started) / 1000);
  }

  async function scheduler(round: number): Promise<number> {
    await deps.db.execute(sql`
      insert into subscriptions
        (id, shop_id, plan_id, customer_id, test, state, card_token, card_update_token, cancel_token, renew_at,
         active_to)
      select 'sbs_' || lpad(to_hex(${round}::int), 2, '0') || lpad(to_hex(n), 14, '0'), ${shop.id}, ${plan.id},
             ${customer.id}, true, 'active', ${token}, md5(random()::text) || md5(random()::text),
             md5(random()::text) || md5(random()::text), now() - interval '1 minute', now() - interval '1 minute'
      from generate_series(1, ${count}::int) as n`);
    const started = performance.now();
    const charged = await runtime.subscriptions.runUntilIdle();
    const elapsed = (performance.now() - started) / 1000;
    if (charged !== count) throw new Error(`the scheduler charged ${charged} of ${count}`);
    return count / elapsed;
  }

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const baselineRates: number[] = [];
  const schedulerRates: number[] = [];
  console.log(
    `renewals: ${count} per round, ${rounds} rounds, ${batch} at once, ${values.postgres ? "PostgreSQL" : "PGlite"}`,
  );
  for (let round = 1; round <= rounds; round++) {
    const base = await baseline();
    const scheduled = await scheduler(round);
    baselineRates.push(base);
    schedulerRates.push(scheduled);
    console.log(`round ${round}: scheduler ${scheduled.toFixed(1)}/s, baseline ${base.toFixed(1)}/s`);
  }
  const ratio = median(schedulerRates) / median(baselineRates);
  console.log(
    `median: scheduler ${median(schedulerRates).toFixed(1)}/s, baseline ${median(baselineRates).toFixed(1)}/s, ` +
      `ratio ${ratio.toFixed(2)} (target >= 0.7)`,
  );
} finally {
  await runtime.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
