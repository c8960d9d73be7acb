import type { Config } from "@/lib/config";
import { type DatabaseHandle, openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import type { Logger } from "@/lib/log";
import { type Clock, databaseClock } from "./clock";
import type { GatewayDeps } from "./context";
import { createGatewayApp, type GatewayApp } from "./http/app";
import { ensureDemoShops } from "./shops/demo-shops";
import { ShopDirectory } from "./shops/shop-directory";
import { TransactionWriter } from "./tokenization/transaction-writer";
import { KEYRING_REFRESH_MS, loadKeyring } from "./vault/keyring";
import { resolveMasterKey } from "./vault/master-key";

export interface GatewayRuntime {
  deps: GatewayDeps;
  app: GatewayApp;
  database: DatabaseHandle;
  /** True when this start created the demo shops (empty embedded database). */
  createdDemoShops: boolean;
  close(): Promise<void>;
}

export interface StartGatewayOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** Use an already opened database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Create the demo shops on an empty embedded database (default true). */
  demoShops?: boolean;
}

/** Opens and migrates the database, loads the vault keys and builds the gateway app. */
export async function startGatewayRuntime(options: StartGatewayOptions): Promise<GatewayRuntime> {
  const { config, logger } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleConnectionError: (error) => logger.warn({ err: error }, "idle database connection failed"),
    }));
  await migrateDatabase(database);
  const keyring = await loadKeyring(database.db, resolveMasterKey(config, logger));
  const clock = options.clock ?? databaseClock;
  const deps: GatewayDeps = {
    config,
    db: database.db,
    logger,
    clock,
    keyring,
    shops: new ShopDirectory(database.db, keyring),
    transactionWriter: new TransactionWriter(database.db, clock, {
      concurrentStore: database.kind === "postgres",
    }),
  };
  const createdDemoShops =
    (options.demoShops ?? true) && database.kind === "pglite"
      ? await ensureDemoShops(database.db, keyring)
      : false;
  // A rotation (`npm run keys -- rotate`) is picked up by every running instance within KEYRING_REFRESH_MS.
  const keyringRefresh = setInterval(() => {
    keyring.refresh().catch((error: unknown) => logger.warn({ err: error }, "vault keyring refresh failed"));
  }, KEYRING_REFRESH_MS);
  keyringRefresh.unref();
  return {
    deps,
    app: createGatewayApp(deps),
    database,
    createdDemoShops,
    async close() {
      clearInterval(keyringRefresh);
      await database.close();
    },
  };
}
