import type { DatabaseHandle } from "@/lib/db/client";
import { maintainEmbeddedDatabase } from "@/lib/db/embedded-maintenance";
import { databaseAges, WRAPAROUND_REFUSAL_AGE, WRAPAROUND_WARNING_AGE } from "@/lib/db/wraparound";
import { pruneCardSightings } from "../cards/sight-card";
import type { GatewayDeps } from "../context";
import { DISPUTE_FEED_MS, runDisputeFeed } from "../disputes/dispute-feed";
import { ShopperEmailWorker } from "../emails/shopper-email-worker";
import { deleteExpiredIdempotencyKeys } from "../idempotency/delete-expired-idempotency-keys";
import { NotificationWorker } from "../notifications/notification-worker";
import { recoverUnansweredPayments } from "../payments/recover-unanswered";
import { resumeChildTransactions } from "../payments/resume-child-transactions";
import { VERIFICATION_FINISHERS } from "../payments/verification-finishers";
import { PeriodicSweep } from "../periodic-sweep";
import { settleEndedHolds } from "../products/product-stock";
import { SubscriptionScheduler } from "../subscriptions/scheduler";
import { endExpiredChallenges } from "../three-d-secure/expiry-sweeper";
import { KEYRING_REFRESH_MS } from "../vault/keyring";
import type { MasterKeys } from "../vault/rotate-master-key";
import { startMasterKeyRotation } from "../vault/rotate-master-key";

const RATE_LIMIT_PRUNE_MS = 10 * 60_000;
const CHILD_RESUME_MS = 60_000;
const THREE_D_SECURE_EXPIRY_MS = 30_000;
const PAYMENT_RECOVERY_MS = 60_000;
/**
 * How often the embedded database's tables are checked for maintenance. Autovacuum's own pause is a minute; a new
 * store's tables grow tenfold in their first minute. Every 2 s was tried: the check itself (the statistics view
 * and the catalogs' ages) then doubled an idle server's CPU (5 % to 9.5 % of a core), so it stays at 10 s.
 */
const EMBEDDED_MAINTENANCE_MS = 10_000;

/** The gateway's work beside the requests: the workers and sweeps, and the timers that keep its own state fresh. */
export interface BackgroundWork {
  notifications: NotificationWorker;
  shopperEmails: ShopperEmailWorker;
  threeDSecureExpiry: PeriodicSweep;
  paymentRecovery: PeriodicSweep;
  disputeFeed: PeriodicSweep;
  embeddedMaintenance: PeriodicSweep | null;
  subscriptions: SubscriptionScheduler;
  /** Clears the timers, then stops every worker and sweep and waits for their runs in progress. */
  stop(): Promise<void>;
}

/**
 * Builds every worker and sweep, starts them when `workers` is true (tests drive them by hand instead), and starts
 * the timers in any case: the keyring's refresh and the prunes belong to serving requests, not to the workers.
 */
export function startBackgroundWork(options: {
  deps: GatewayDeps;
  database: DatabaseHandle;
  masterKeys: MasterKeys;
  workers: boolean;
}): BackgroundWork {
  const { deps, database, masterKeys } = options;
  const { config, logger } = deps;
  const notifications = new NotificationWorker(deps);
  const shopperEmails = new ShopperEmailWorker(deps);
  const threeDSecureExpiry = new PeriodicSweep({
    name: "3-D Secure expiry sweep",
    intervalMs: THREE_D_SECURE_EXPIRY_MS,
    logger,
    sweep: () => endExpiredChallenges({ ...deps, verificationFinishers: VERIFICATION_FINISHERS }),
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
  const wraparoundWarning = { lastAt: Number.NEGATIVE_INFINITY };
  const embeddedMaintenance =
    database.kind === "pglite" && config.embeddedDatabaseMaintenance
      ? new PeriodicSweep({
          name: "embedded database maintenance",
          intervalMs: EMBEDDED_MAINTENANCE_MS,
          logger,
          sweep: () => maintainAndReport(deps, wraparoundWarning),
        })
      : null;
  // SUBSCRIPTIONS_LEASE_SECONDS shortens how long a dead instance's claims wait (tests of a killed instance).
  const subscriptionLease = Number(process.env.SUBSCRIPTIONS_LEASE_SECONDS) || undefined;
  const subscriptions = new SubscriptionScheduler(deps, { leaseSeconds: subscriptionLease });
  // MASTER_KEY_PREVIOUS set: the vault keys are re-wrapped under MASTER_KEY in the background (shared with the other
  // instances doing the same).
  let masterKeyRotation: { stop(): Promise<void> } | null = null;
  if (options.workers) {
    if (masterKeys.previous)
      masterKeyRotation = startMasterKeyRotation({ db: database.db, keys: masterKeys, logger });
    productStock.start();
    notifications.start();
    shopperEmails.start();
    if (process.env.SUBSCRIPTIONS_SCHEDULER !== "off") subscriptions.start();
    threeDSecureExpiry.start();
    paymentRecovery.start();
    childResume.start();
    disputeFeed.start();
    embeddedMaintenance?.start();
  }
  const timers = startHousekeepingTimers(deps);
  return {
    notifications,
    shopperEmails,
    threeDSecureExpiry,
    paymentRecovery,
    disputeFeed,
    embeddedMaintenance,
    subscriptions,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([
        subscriptions.stop(),
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
    },
  };
}

/** The keyring's refresh and the prunes of what has expired; none keeps the process alive. */
function startHousekeepingTimers(deps: GatewayDeps): NodeJS.Timeout[] {
  const { logger } = deps;
  // A rotation (`npm run keys -- rotate`) is picked up by every running instance within KEYRING_REFRESH_MS.
  const keyringRefresh = setInterval(() => {
    deps.keyring
      .refresh()
      .catch((error: unknown) => logger.warn({ err: error }, "vault keyring refresh failed"));
  }, KEYRING_REFRESH_MS);
  // Ended rate-limit windows are dropped now and then (any instance may do it; the delete is idempotent).
  const rateLimitPrune = setInterval(() => {
    deps.rateLimiter
      .prune()
      .catch((error: unknown) => logger.warn({ err: error }, "rate-limit prune failed"));
    pruneCardSightings(deps).catch((error: unknown) =>
      logger.warn({ err: error }, "card sightings prune failed"),
    );
  }, RATE_LIMIT_PRUNE_MS);
  // Idempotency keys past their 24 h likewise (an expired key is treated as absent before it is dropped).
  const idempotencyPrune = setInterval(() => {
    deleteExpiredIdempotencyKeys({ deps }).catch((error: unknown) =>
      logger.warn({ err: error }, "idempotency key prune failed"),
    );
  }, RATE_LIMIT_PRUNE_MS);
  const timers = [keyringRefresh, rateLimitPrune, idempotencyPrune];
  for (const timer of timers) timer.unref();
  return timers;
}

/** How often a process whose store ages toward wraparound says so (the alert on the metric fires meanwhile). */
const WRAPAROUND_WARNING_EVERY_MS = 60 * 60 * 1000;

/**
 * One round of the embedded database's maintenance, counted and logged; resolves to how many statements it ran.
 * `wraparoundWarning` is when this process last warned of its databases' age.
 */
async function maintainAndReport(deps: GatewayDeps, wraparoundWarning: { lastAt: number }): Promise<number> {
  const done = await maintainEmbeddedDatabase(deps.db, (statement, error) =>
    deps.logger.warn({ err: error, ...statement }, "embedded database maintenance statement failed"),
  );
  for (const statement of done) deps.metrics.maintenance(statement.operation, statement.ms / 1000);
  // The store's own tables are frozen above; the other databases only at a start (lib/db/wraparound.ts), so a
  // process that lives long enough is told to be restarted, long before the store would refuse writes.
  const aging = (await databaseAges(deps.db)).filter(({ age }) => age > WRAPAROUND_WARNING_AGE);
  if (aging.length > 0 && performance.now() - wraparoundWarning.lastAt >= WRAPAROUND_WARNING_EVERY_MS) {
    wraparoundWarning.lastAt = performance.now();
    deps.logger.warn(
      { databases: aging, refusedAtAge: WRAPAROUND_REFUSAL_AGE },
      "embedded database transaction ids are aging toward wraparound: restart the process to freeze its template databases",
    );
  }
  if (done.length > 0) {
    deps.logger.info(
      {
        analyzed: done
          .filter((statement) => statement.operation === "analyze")
          .map((statement) => statement.table),
        vacuumed: done
          .filter((statement) => statement.operation === "vacuum")
          .map((statement) => statement.table),
        frozen: done
          .filter((statement) => statement.operation === "freeze")
          .map((statement) => statement.table),
        checkpoint: done.some((statement) => statement.operation === "checkpoint"),
        longestMs: Math.round(Math.max(...done.map((statement) => statement.ms))),
        ms: Math.round(done.reduce((sum, statement) => sum + statement.ms, 0)),
      },
      "embedded database maintenance",
    );
  }
  return done.length;
}
