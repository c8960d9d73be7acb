import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import { ClaimLoop } from "../claim-loop";
import type { Clock } from "../clock";
import { postToMerchant } from "../net/post-to-merchant";
import { withSpan } from "../observability/tracing";
import { selectRenderable, transactionFromRow } from "../transactions/transaction-view";
import type { Keyring } from "../vault/keyring";
import { type ClaimedDelivery, claimDueDeliveries, recordAttempt, releaseClaim } from "./outbox";
import type { OutboxSignal } from "./outbox-signal";
import { retryDelaySeconds } from "./retry-schedule";
import { loadShopSigningKeys, signedRequestHeaders } from "./signing";

export const NOTIFICATION_TIMEOUT_MS = 15_000;

/** What the worker uses: the outbox's rows and its nudges, the shops' signing keys, the guard of merchant URLs. */
export interface NotificationWorkerDeps {
  db: Database;
  clock: Clock;
  keyring: Keyring;
  logger: Logger;
  outbox: OutboxSignal;
  config: Pick<Config, "allowPrivateUrls">;
}

export interface NotificationWorkerOptions {
  /** How often to look for due deliveries when nothing nudges the worker (default 500 ms). */
  pollIntervalMs?: number;
  /** Deliveries claimed and sent at once (default 16). */
  batchSize?: number;
  /** Deadline of one notification request (default 15 s). */
  requestTimeoutMs?: number;
  /**
   * How long a claim hides a delivery from other instances (default 60 s). Longer than the request deadline, so
   * only an instance that died mid-delivery ever loses its claims.
   */
  leaseSeconds?: number;
  /** Where each retry falls in its jitter band; `Math.random` unless a test fixes it. */
  random?: () => number;
}

/**
 * Delivers the notification outbox: claims due rows, POSTs `{"transaction": …}` (the query response, built now
 * from the stored transaction) signed for the shop, records every attempt and reschedules failures. Safe to run in
 * every instance at once: claims never overlap (see `claimDueDeliveries`). Delivery is at least once — a crash
 * after the merchant answered but before the answer was recorded sends again, with the same `webhook-id`.
 */
export class NotificationWorker {
  private readonly batchSize: number;
  private readonly requestTimeoutMs: number;
  private readonly leaseSeconds: number;
  private readonly random: () => number;
  private readonly claimLoop: ClaimLoop;
  private unsubscribe: (() => void) | null = null;
  private shutdown = new AbortController();

  constructor(
    private readonly deps: NotificationWorkerDeps,
    options: NotificationWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 16;
    this.requestTimeoutMs = options.requestTimeoutMs ?? NOTIFICATION_TIMEOUT_MS;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.random = options.random ?? Math.random;
    this.claimLoop = new ClaimLoop({
      failure: "notification worker: claiming deliveries failed",
      pollIntervalMs: options.pollIntervalMs ?? 500,
      logger: deps.logger,
      turn: async () => (await this.runOnce()) === this.batchSize,
    });
  }

  /** Starts polling (and listening for nudges) in the background. */
  start(): void {
    if (this.claimLoop.running) return;
    this.unsubscribe = this.deps.outbox.subscribe(() => this.nudge());
    this.claimLoop.start();
  }

  /** Stops polling; requests in flight are abandoned and their deliveries handed back for an immediate retry. */
  async stop(): Promise<void> {
    if (!this.claimLoop.running) return;
    this.unsubscribe?.();
    this.shutdown.abort();
    await this.claimLoop.stop();
    // `runOnce` may still be called by hand (tests, scripts): its requests must not start out abandoned.
    this.shutdown = new AbortController();
  }

  /** Looks for due deliveries now instead of at the next poll. */
  nudge(): void {
    this.claimLoop.nudge();
  }

  /** Claims the deliveries due now (one batch) and makes one attempt at each; returns how many it attempted. */
  async runOnce(): Promise<number> {
    const claimed = await claimDueDeliveries(this.deps.db, this.deps.clock, {
      limit: this.batchSize,
      leaseSeconds: this.leaseSeconds,
    });
    // Each attempt its own trace (it runs apart from the request that wrote it), whose `traceparent` the merchant gets.
    await Promise.all(
      claimed.map((delivery) =>
        withSpan("webhook delivery", { "tessera.webhook.attempt": delivery.attempts + 1 }, () =>
          this.attempt(delivery),
        ),
      ),
    );
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { deps } = this;
    const log = { deliveryId: delivery.id, transactionUid: delivery.transactionUid, shopId: delivery.shopId };
    const attemptedAt = deps.clock.now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const body = await this.notificationBody(delivery);
      const keys = await loadShopSigningKeys(deps.db, deps.keyring, delivery.shopId);
      const answer = await postToMerchant({
        url: delivery.url,
        body,
        headers: signedRequestHeaders({ keys, webhookId: delivery.id, sentAt: new Date(), body }),
        timeoutMs: this.requestTimeoutMs,
        allowPrivateUrls: deps.config.allowPrivateUrls,
        // The merchant's answer is not used beyond its status.
        maxResponseBytes: 1024,
        signal: this.shutdown.signal,
      });
      statusCode = answer.status;
      if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
    } catch (failure) {
      error = (failure as Error).message;
    }
    if (this.shutdown.signal.aborted && statusCode === null) {
      await releaseClaim(deps.db, deps.clock, delivery.id).catch(() => {});
      return;
    }
    const succeeded = error === null;
    const attemptsMade = delivery.attempts + 1;
    const latencyMs = Math.round(performance.now() - started);
    try {
      const status = await recordAttempt(deps.db, deps.clock, delivery, {
        attemptedAt,
        statusCode,
        latencyMs,
        succeeded,
        error,
        retryInSeconds: succeeded ? null : retryDelaySeconds(attemptsMade, this.random()),
      });
      const entry = { ...log, attempt: attemptsMade, statusCode, ms: latencyMs, status };
      if (succeeded) deps.logger.info(entry, "notification delivered");
      else deps.logger.warn({ ...entry, error }, "notification attempt failed");
    } catch (recordError) {
      // The claim's lease runs out and the delivery is tried again: at least once, never lost.
      deps.logger.error({ ...log, err: recordError }, "notification attempt could not be recorded");
    }
  }

  /** The body is built at send time from the stored transaction, so it always equals the query response. */
  private async notificationBody(delivery: ClaimedDelivery): Promise<string> {
    // A subscription's event carries the subscription as the event left it.
    if (delivery.transactionUid === null) return JSON.stringify(delivery.payload);
    const [row] = await selectRenderable(this.deps.db).where(eq(transactions.uid, delivery.transactionUid));
    if (!row) throw new Error("Transaction not found");
    return JSON.stringify({ transaction: transactionFromRow(row) });
  }
}
