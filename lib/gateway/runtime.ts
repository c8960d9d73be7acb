import { serveBackups } from "@/lib/db/backup";
import { checkDatabaseAnswers, type DatabaseHandle, openDatabase } from "@/lib/db/client";
import { maintainEmbeddedDatabase } from "@/lib/db/embedded-maintenance";
import { migrateDatabase, requireMigrations } from "@/lib/db/migrate";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import type { Acquirer } from "./acquirer/acquirer";
import { SandboxAcquirer } from "./acquirer/sandbox-acquirer";
import { CardSightingWriter } from "./cards/card-sighting-writer";
import { CARD_FAMILY_LIMIT, CARD_SIGHTING_WINDOW_SECONDS, pruneCardSightings } from "./cards/sight-card";
import { type Clock, databaseClock } from "./clock";
import type { GatewayDeps } from "./context";
import { DISPUTE_FEED_MS, runDisputeFeed } from "./disputes/dispute-feed";
import { ShopperEmailWorker } from "./emails/shopper-email-worker";
import { createGatewayApp, type GatewayApp } from "./http/app";
import { deleteExpiredIdempotencyKeys } from "./idempotency/delete-expired-idempotency-keys";
import { NotificationWorker } from "./notifications/notification-worker";
import { OutboxSignal } from "./notifications/outbox-signal";
import { readInFlightStats } from "./observability/in-flight-stats";
import { instrumentAcquirer } from "./observability/instrument-acquirer";
import { instrumentDatabase } from "./observability/instrument-database";
import { GatewayMetrics } from "./observability/metrics";
import { type MetricsServer, startMetricsServer } from "./observability/metrics-server";
import { startTracing, stopTracing, tracingEnabled } from "./observability/tracing";
import { readWebhookOutboxStats } from "./observability/webhook-outbox-stats";
import { ChildWriter } from "./payments/child-writer";
import { recoverUnansweredPayments } from "./payments/recover-unanswered";
import { resumeChildTransactions } from "./payments/resume-child-transactions";
import { PeriodicSweep } from "./periodic-sweep";
import { settleEndedHolds } from "./products/product-stock";
import { RateLimiter } from "./rate-limit";
import { ensureDemoShops } from "./shops/demo-shops";
import { ShopDirectory } from "./shops/shop-directory";
import { countHeldSubscriptions } from "./subscriptions/hold";
import { SubscriptionScheduler } from "./subscriptions/scheduler";
import { endExpiredChallenges } from "./three-d-secure/expiry-sweeper";
import { MoneyAnswerWriter } from "./transactions/money-answer-writer";
import { TransactionWriter } from "./transactions/transaction-writer";
import { KEYRING_REFRESH_MS, loadKeyring } from "./vault/keyring";
import { resolveMasterKey, resolvePreviousMasterKey } from "./vault/master-key";
import { rekeyLegacyStamps } from "./vault/rekey-stamps";
import { startMasterKeyRotation } from "./vault/rotate-master-key";

const RATE_LIMIT_PRUNE_MS = 10 * 60_000;
const CHILD_RESUME_MS = 60_000;
const THREE_D_SECURE_EXPIRY_MS = 30_000;
const PAYMENT_RECOVERY_MS = 60_000;
/**
 * How often the embedded database's tables are checked for maintenance. Autovacuum's own pause is a minute; a new
 * store's tables grow tenfold in their first minute, and the check itself is one read of the statistics view.
 */
const EMBEDDED_MAINTENANCE_MS = 10_000;

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

/** Opens and migrates the database, loads the vault keys and builds the gateway app. */
export async function startGatewayRuntime(options: StartGatewayOptions): Promise<GatewayRuntime> {
  const { config, logger } = options;
  // Tracing first, when configured: everything after it may make spans.
  // Tracing is the process's: the runtime that started it flushes and stops it when it closes.
  const ownsTracing = config.otlpEndpoint !== null && !tracingEnabled();
  if (config.otlpEndpoint) {
    await startTracing({ endpoint: config.otlpEndpoint, serviceName: config.otelServiceName });
  }
  const metrics = new GatewayMetrics();
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleConnectionError: (error) => logger.warn({ err: error }, "idle database connection failed"),
    }));
  await checkDatabaseAnswers(database, config.databaseUrl);
  // Migrations are a step of their own when the operator says so (`npm run migrate` before the instances start).
  const migrationCount = config.migrateOnStart
    ? await migrateDatabase(database)
    : await requireMigrations(database);
  instrumentDatabase(database, metrics);
  // The embedded database opened here: `npm run backup` asks this process for its copies (lib/db/backup.ts).
  const stopServingBackups =
    !options.database && database.kind === "pglite" && (options.backgroundWorkers ?? true)
      ? await serveBackups({ handle: database, dataDir: config.dataDir, logger })
      : async () => {};
  const masterKeys = {
    current: resolveMasterKey(config, logger),
    previous: resolvePreviousMasterKey(config),
  };
  const keyring = await loadKeyring(database.db, masterKeys.current, masterKeys.previous);
  // Before serving: no shop may read a stamp from the time stamps were the same in every shop.
  const rekeyed = await rekeyLegacyStamps(database.db, keyring.hashes);
  if (rekeyed > 0) logger.info({ rekeyed }, "card stamps made per shop");
  const clock = options.clock ?? databaseClock;
  const cardLimits = { familyLimit: CARD_FAMILY_LIMIT, windowSeconds: CARD_SIGHTING_WINDOW_SECONDS };
  const deps: GatewayDeps = {
    config,
    db: database.db,
    logger,
    clock,
    keyring,
    shops: new ShopDirectory(database.db, keyring),
    transactionWriter: new TransactionWriter(database.db, clock, metrics, {
      concurrentStore: database.kind === "postgres",
      keyring,
      challengeTtlSeconds: config.threeDSecureTtlSeconds,
      cardLimits,
      logger,
    }),
    moneyAnswers: new MoneyAnswerWriter(database.db, clock, metrics, {
      concurrentStore: database.kind === "postgres",
    }),
    childWriter: new ChildWriter(database.db, { concurrentStore: database.kind === "postgres" }),
    cardSightings: new CardSightingWriter(database.db, clock, {
      concurrentStore: database.kind === "postgres",
      ...cardLimits,
    }),
    outbox: new OutboxSignal(),
    rateLimiter: new RateLimiter(database.db, clock),
    acquirer: instrumentAcquirer(options.acquirer ?? new SandboxAcquirer(), metrics),
    metrics,
    migrationCount,
  };
  metrics.registerOutbox("webhook", () => readWebhookOutboxStats(deps));
  metrics.registerInFlight(() => readInFlightStats(deps));
  metrics.registerHeldSubscriptions(() => countHeldSubscriptions(deps));
  const notifications = new NotificationWorker(deps);
  const shopperEmails = new ShopperEmailWorker(deps);
  const threeDSecureExpiry = new PeriodicSweep({
    name: "3-D Secure expiry sweep",
    intervalMs: THREE_D_SECURE_EXPIRY_MS,
    logger,
    sweep: () => endExpiredChallenges(deps),
  });
  const paymentRecovery = new PeriodicSweep({
    name: "payment recovery sweep",
    intervalMs: PAYMENT_RECOVERY_MS,
    logger,
    sweep: () => recoverUnansweredPayments(deps),
  });
  // Captures, voids and refunds whose acquirer call got no answer are asked about again.
  const childResume = new PeriodicSweep({
    name: "resuming child transactions",
    intervalMs: CHILD_RESUME_MS,
    logger,
    sweep: () => resumeChildTransactions({ deps }),
  });
  // Stock held by payment-link payments that ended after 3-D Secure (or whose request died) is settled.
  const productStock = new PeriodicSweep({
    name: "product stock sweep",
    intervalMs: PAYMENT_RECOVERY_MS,
    logger,
    sweep: () => settleEndedHolds(deps),
  });
  // Disputes the acquirer reports (polled, or pushed into the same inbox), applied by whichever instance claims them.
  const disputeFeed = new PeriodicSweep({
    name: "dispute feed",
    intervalMs: DISPUTE_FEED_MS,
    logger,
    sweep: () => runDisputeFeed(deps),
  });
  const embeddedMaintenance =
    database.kind === "pglite" && config.embeddedDatabaseMaintenance
      ? new PeriodicSweep({
          name: "embedded database maintenance",
          intervalMs: EMBEDDED_MAINTENANCE_MS,
          logger,
          sweep: async () => {
            const done = await maintainEmbeddedDatabase(database.db);
            for (const table of done) metrics.maintenance(table.operation, table.ms / 1000);
            if (done.length > 0) {
              logger.info(
                {
                  analyzed: done.filter((table) => table.operation === "analyze").map((table) => table.table),
                  vacuumed: done.filter((table) => table.operation === "vacuum").map((table) => table.table),
                  longestMs: Math.round(Math.max(...done.map((table) => table.ms))),
                  ms: Math.round(done.reduce((sum, table) => sum + table.ms, 0)),
                },
                "embedded database maintenance",
              );
            }
            return done.length;
          },
        })
      : null;
  // MASTER_KEY_PREVIOUS set: the vault keys are re-wrapped under MASTER_KEY in the background (shared with the other
  // instances doing the same).
  let masterKeyRotation: { stop(): Promise<void> } | null = null;
  // SUBSCRIPTIONS_LEASE_SECONDS shortens how long a dead instance's claims wait (tests of a killed instance).
  const subscriptionLease = Number(process.env.SUBSCRIPTIONS_LEASE_SECONDS) || undefined;
  const subscriptionScheduler = new SubscriptionScheduler(deps, { leaseSeconds: subscriptionLease });
  if (options.backgroundWorkers ?? true) {
    if (masterKeys.previous)
      masterKeyRotation = startMasterKeyRotation({ db: database.db, keys: masterKeys, logger });
    productStock.start();
    notifications.start();
    shopperEmails.start();
    if (process.env.SUBSCRIPTIONS_SCHEDULER !== "off") subscriptionScheduler.start();
    threeDSecureExpiry.start();
    paymentRecovery.start();
    childResume.start();
    disputeFeed.start();
    embeddedMaintenance?.start();
  }
  const createdDemoShops =
    (options.demoShops ?? config.demoShops) && database.kind === "pglite"
      ? await ensureDemoShops(database.db, keyring)
      : false;
  // A rotation (`npm run keys -- rotate`) is picked up by every running instance within KEYRING_REFRESH_MS.
  const keyringRefresh = setInterval(() => {
    keyring.refresh().catch((error: unknown) => logger.warn({ err: error }, "vault keyring refresh failed"));
  }, KEYRING_REFRESH_MS);
  keyringRefresh.unref();
  // Ended rate-limit windows are dropped now and then (any instance may do it; the delete is idempotent).
  const rateLimitPrune = setInterval(() => {
    deps.rateLimiter
      .prune()
      .catch((error: unknown) => logger.warn({ err: error }, "rate-limit prune failed"));
    pruneCardSightings(deps).catch((error: unknown) =>
      logger.warn({ err: error }, "card sightings prune failed"),
    );
  }, RATE_LIMIT_PRUNE_MS);
  rateLimitPrune.unref();
  // Idempotency keys past their 24 h likewise (an expired key is treated as absent before it is dropped).
  const idempotencyPrune = setInterval(() => {
    deleteExpiredIdempotencyKeys({ deps }).catch((error: unknown) =>
      logger.warn({ err: error }, "idempotency key prune failed"),
    );
  }, RATE_LIMIT_PRUNE_MS);
  idempotencyPrune.unref();
  async function stopBackgroundWork() {
    clearInterval(keyringRefresh);
    clearInterval(rateLimitPrune);
    clearInterval(idempotencyPrune);
    await Promise.all([
      subscriptionScheduler.stop(),
      notifications.stop(),
      shopperEmails.stop(),
      productStock.stop(),
      threeDSecureExpiry.stop(),
      paymentRecovery.stop(),
      childResume.stop(),
      disputeFeed.stop(),
      embeddedMaintenance?.stop(),
      masterKeyRotation?.stop(),
    ]);
  }
  const metricsServer =
    config.metricsPort === null
      ? null
      : await startMetricsServer({ port: config.metricsPort, metrics, logger });
  return {
    deps,
    app: createGatewayApp(deps),
    database,
    notifications,
    shopperEmails,
    threeDSecureExpiry,
    paymentRecovery,
    disputeFeed,
    embeddedMaintenance,
    subscriptions: subscriptionScheduler,
    createdDemoShops,
    stopBackgroundWork,
    metricsServer,
    async close() {
      await metricsServer?.close();
      await stopBackgroundWork();
      await stopServingBackups();
      await database.close();
      if (ownsTracing) await stopTracing();
    },
  };
}
