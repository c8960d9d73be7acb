import { serveBackups } from "@/lib/db/backup";
import { checkDatabaseAnswers, type DatabaseHandle, openDatabase } from "@/lib/db/client";
import { migrateDatabase, requireMigrations } from "@/lib/db/migrate";
import { databaseAges } from "@/lib/db/wraparound";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import type { Acquirer } from "../acquirer/acquirer";
import { SandboxAcquirer } from "../acquirer/sandbox-acquirer";
import { CardSightingWriter } from "../cards/card-sighting-writer";
import { CARD_FAMILY_LIMIT, CARD_SIGHTING_WINDOW_SECONDS } from "../cards/sight-card";
import { type Clock, databaseClock } from "../clock";
import type { GatewayDeps } from "../context";
import type { ShopperEmailWorker } from "../emails/shopper-email-worker";
import { createGatewayApp, type GatewayApp } from "../http/app";
import type { NotificationWorker } from "../notifications/notification-worker";
import { OutboxSignal } from "../notifications/outbox-signal";
import { readInFlightStats } from "../observability/in-flight-stats";
import { instrumentAcquirer } from "../observability/instrument-acquirer";
import { instrumentDatabase } from "../observability/instrument-database";
import { GatewayMetrics } from "../observability/metrics";
import { type MetricsServer, startMetricsServer } from "../observability/metrics-server";
import { startTracing, stopTracing, tracingEnabled } from "../observability/tracing";
import { readWebhookOutboxStats } from "../observability/webhook-outbox-stats";
import type { PeriodicSweep } from "../periodic-sweep";
import { RateLimiter } from "../rate-limit";
import { ensureDemoShops } from "../shops/demo-shops";
import { ShopDirectory } from "../shops/shop-directory";
import { countHeldSubscriptions } from "../subscriptions/hold";
import type { SubscriptionScheduler } from "../subscriptions/scheduler";
import { ChildWriter } from "../transactions/child-writer";
import { MoneyAnswerWriter } from "../transactions/money-answer-writer";
import { rekeyLegacyStamps } from "../transactions/rekey-legacy-stamps";
import { TransactionWriter } from "../transactions/transaction-writer";
import { type Keyring, loadKeyring } from "../vault/keyring";
import { resolveMasterKey, resolvePreviousMasterKey } from "../vault/master-key";
import type { MasterKeys } from "../vault/rotate-master-key";
import { type BackgroundWork, startBackgroundWork } from "./background-work";

export interface GatewayRuntime {
  deps: GatewayDeps;
  app: GatewayApp;
  database: DatabaseHandle;
  /** Delivers merchant notifications; running unless `backgroundWorkers` was false. */
  notifications: NotificationWorker;
  /** Sends (or, without SMTP_URL, keeps) shopper e-mails; running unless `backgroundWorkers` was false. */
  shopperEmails: ShopperEmailWorker;
  /** Fails 3-D Secure challenges left unfinished past their expiry; `sweepOnce()` runs it at once. */
  threeDSecureExpiry: PeriodicSweep;
  /** Finishes payments whose acquirer answer was never stored (a stopped request); `sweepOnce()` runs it at once. */
  paymentRecovery: PeriodicSweep;
  /** Reads the acquirer's disputes and applies them, and decides test disputes; `sweepOnce()` runs it at once. */
  disputeFeed: PeriodicSweep;
  /**
   * Analyzes and vacuums the embedded database's tables as autovacuum would (lib/db/embedded-maintenance.ts); null on
   * PostgreSQL or with EMBEDDED_DATABASE_MAINTENANCE=false. Running with the background workers; `sweepOnce()` runs
   * it at once and resolves to how many tables it maintained.
   */
  embeddedMaintenance: PeriodicSweep | null;
  /** Charges due subscriptions; running with the background workers unless SUBSCRIPTIONS_SCHEDULER=off. */
  subscriptions: SubscriptionScheduler;
  /** True when this start created the demo shops (empty embedded database). */
  createdDemoShops: boolean;
  /**
   * Stops the background workers and timers (claimed outbox rows handed back) and leaves the database open for the
   * requests still in flight; `close()` does it too.
   */
  stopBackgroundWork(): Promise<void>;
  /** `/metrics` on its own loopback port (`METRICS_PORT`), when configured. */
  metricsServer: MetricsServer | null;
  close(): Promise<void>;
}

export interface StartGatewayOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** Use an already opened database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Create the demo shops on an empty embedded database (default: the config's `demoShops`). */
  demoShops?: boolean;
  /**
   * Start the background workers (notification delivery, 3-D Secure expiry); default true. Tests drive them by
   * hand instead.
   */
  backgroundWorkers?: boolean;
  /** The acquirer money moves through; the sandbox acquirer by default. */
  acquirer?: Acquirer;
}

/**
 * Starts the gateway, one step after another. Each step may use what the steps before it opened, so what is opened is
 * closed the other way round: `close()` closes the metrics server, then the background work, the backup socket, the
 * database and last tracing; and a step that fails closes what the steps before it opened, then throws.
 */
export async function startGatewayRuntime(options: StartGatewayOptions): Promise<GatewayRuntime> {
  const { config, logger } = options;
  const opened = new OpenedInOrder(logger);
  try {
    // Tracing first, when configured: everything after it may make spans.
    const stopOwnTracing = await startTracingIfConfigured(config);
    if (stopOwnTracing) opened.add(stopOwnTracing);
    // The database next: everything after it reads it. One handed in (tests) stays the caller's if the start fails.
    const database = options.database ?? (await openConfiguredDatabase(config, logger));
    opened.add(() => database.close(), { keepOnFailedStart: options.database !== undefined });
    // Its tables and functions are checked (or brought) up to date before anything reads them, and only then are its
    // statements counted: the migrations are not the traffic.
    const metrics = new GatewayMetrics();
    const migrationCount = await prepareDatabase(config, database, metrics);
    // The embedded database opened here: `npm run backup` asks this process for its copies from now on.
    opened.add(await serveBackupsOfOwnDatabase(options, database));
    // The vault before the shop directory and the writers, which seal and stamp with its keys.
    const vault = await openVault(config, logger, database);
    const deps = buildDeps(options, database, vault.keyring, metrics, migrationCount);
    // The demo shops before any worker runs, so that the workers' first rounds see the shops this start has.
    const createdDemoShops =
      (options.demoShops ?? config.demoShops) && database.kind === "pglite"
        ? await ensureDemoShops(database.db, vault.keyring)
        : false;
    // The workers once everything they read exists.
    const background = startBackgroundWork({
      deps,
      database,
      masterKeys: vault.masterKeys,
      workers: options.backgroundWorkers ?? true,
    });
    opened.add(() => background.stop());
    // `/metrics` last: what it reports (workers, outbox, database) is all running.
    const metricsServer =
      config.metricsPort === null
        ? null
        : await startMetricsServer({ port: config.metricsPort, metrics, logger });
    if (metricsServer) opened.add(() => metricsServer.close());
    return runtimeOf({ deps, database, background, createdDemoShops, metricsServer, opened });
  } catch (error) {
    await opened.closeAfterFailedStart();
    throw error;
  }
}

/**
 * What a start has opened, in the order it opened it, each with how it closes. Closed last first: by `close()`, which
 * stops at the first close that fails; and after a failed start, where every close is tried (a failure logged) so
 * that the start's own error is the one thrown.
 */
class OpenedInOrder {
  private readonly opened: { close: () => Promise<void>; keepOnFailedStart: boolean }[] = [];

  constructor(private readonly logger: Logger) {}

  add(close: () => Promise<void>, options: { keepOnFailedStart?: boolean } = {}): void {
    this.opened.push({ close, keepOnFailedStart: options.keepOnFailedStart ?? false });
  }

  async closeAll(): Promise<void> {
    for (const { close } of this.opened.toReversed()) await close();
  }

  async closeAfterFailedStart(): Promise<void> {
    for (const { close, keepOnFailedStart } of this.opened.toReversed()) {
      if (keepOnFailedStart) continue;
      try {
        await close();
      } catch (error) {
        this.logger.warn({ err: error }, "closing after a failed start failed");
      }
    }
  }
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set; resolves to how to stop it when this start started it.
 * Tracing is the process's: the runtime that started it flushes and stops it when it closes, and one already running
 * is left to whoever started it.
 */
async function startTracingIfConfigured(config: Config): Promise<(() => Promise<void>) | null> {
  if (!config.otlpEndpoint) return null;
  const ownsTracing = !tracingEnabled();
  await startTracing({ endpoint: config.otlpEndpoint, serviceName: config.otelServiceName });
  return ownsTracing ? stopTracing : null;
}

function openConfiguredDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleConnectionError: (error) => logger.warn({ err: error }, "idle database connection failed"),
    onOtherDatabasesFrozen: (outcomes) => {
      for (const { database, ageBefore, ms, ...outcome } of outcomes) {
        const fields = { database, ageBefore, ms: Math.round(ms) };
        if ("error" in outcome) {
          logger.warn(
            { ...fields, err: outcome.error },
            "embedded database could not freeze a template database",
          );
        } else logger.info({ ...fields, age: outcome.age }, "embedded database froze a template database");
      }
    },
  });
}

/**
 * Checks that the database answers, applies its migrations (or, when the operator runs `npm run migrate` as a step
 * of its own, refuses a database that lacks one), then counts its statements; resolves to how many were applied.
 */
async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  metrics: GatewayMetrics,
): Promise<number> {
  await checkDatabaseAnswers(database, config.databaseUrl);
  const migrationCount = config.migrateOnStart
    ? await migrateDatabase(database)
    : await requireMigrations(database);
  instrumentDatabase(database, metrics);
  return migrationCount;
}

/** The backup socket (lib/db/backup.ts) of an embedded database this process opened and serves; how to close it. */
async function serveBackupsOfOwnDatabase(
  options: StartGatewayOptions,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const serves = !options.database && database.kind === "pglite" && (options.backgroundWorkers ?? true);
  if (!serves) return async () => {};
  return serveBackups({ handle: database, dataDir: options.config.dataDir, logger: options.logger });
}

/** The master keys and the vault keys they open, with stamps from before stamps were per shop made per shop. */
async function openVault(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
): Promise<{ masterKeys: MasterKeys; keyring: Keyring }> {
  const masterKeys = {
    current: resolveMasterKey(config, logger),
    previous: resolvePreviousMasterKey(config),
  };
  const keyring = await loadKeyring(database.db, masterKeys.current, masterKeys.previous);
  // Before serving: no shop may read a stamp from the time stamps were the same in every shop.
  const rekeyed = await rekeyLegacyStamps(database.db, keyring.hashes);
  if (rekeyed > 0) logger.info({ rekeyed }, "card stamps made per shop");
  return { masterKeys, keyring };
}

/** Everything a request or a worker uses, and the gauges `/metrics` reads from the database at each scrape. */
function buildDeps(
  options: StartGatewayOptions,
  database: DatabaseHandle,
  keyring: Keyring,
  metrics: GatewayMetrics,
  migrationCount: number,
): GatewayDeps {
  const { config, logger } = options;
  const clock = options.clock ?? databaseClock;
  const concurrentStore = database.kind === "postgres";
  const cardLimits = { familyLimit: CARD_FAMILY_LIMIT, windowSeconds: CARD_SIGHTING_WINDOW_SECONDS };
  const deps: GatewayDeps = {
    config,
    db: database.db,
    logger,
    clock,
    keyring,
    shops: new ShopDirectory(database.db, keyring),
    transactionWriter: new TransactionWriter(database.db, clock, metrics, {
      concurrentStore,
      keyring,
      challengeTtlSeconds: config.threeDSecureTtlSeconds,
      cardLimits,
      logger,
    }),
    moneyAnswers: new MoneyAnswerWriter(database.db, clock, metrics, { concurrentStore }),
    childWriter: new ChildWriter(database.db, { concurrentStore }),
    cardSightings: new CardSightingWriter(database.db, clock, { concurrentStore, ...cardLimits }),
    outbox: new OutboxSignal(),
    rateLimiter: new RateLimiter(database.db, clock),
    acquirer: instrumentAcquirer(options.acquirer ?? new SandboxAcquirer(), metrics),
    metrics,
    migrationCount,
  };
  metrics.registerOutbox("webhook", () => readWebhookOutboxStats(deps));
  metrics.registerInFlight(() => readInFlightStats(deps));
  metrics.registerHeldSubscriptions(() => countHeldSubscriptions(deps));
  metrics.registerDatabaseAges(() => databaseAges(deps.db));
  return deps;
}

function runtimeOf(parts: {
  deps: GatewayDeps;
  database: DatabaseHandle;
  background: BackgroundWork;
  createdDemoShops: boolean;
  metricsServer: MetricsServer | null;
  opened: OpenedInOrder;
}): GatewayRuntime {
  const { background } = parts;
  return {
    deps: parts.deps,
    app: createGatewayApp(parts.deps),
    database: parts.database,
    notifications: background.notifications,
    shopperEmails: background.shopperEmails,
    threeDSecureExpiry: background.threeDSecureExpiry,
    paymentRecovery: background.paymentRecovery,
    disputeFeed: background.disputeFeed,
    embeddedMaintenance: background.embeddedMaintenance,
    subscriptions: background.subscriptions,
    createdDemoShops: parts.createdDemoShops,
    stopBackgroundWork: () => background.stop(),
    metricsServer: parts.metricsServer,
    close: () => parts.opened.closeAll(),
  };
}
