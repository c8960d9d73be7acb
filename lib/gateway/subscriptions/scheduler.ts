import type { GatewayDeps } from "../context";
import { settleCardUpdates } from "./card-update";
import { runDueRenewals } from "./renewals";
import { settleRedirectingSubscriptions } from "./subscription-checkout";

export interface SubscriptionSchedulerOptions {
  /** How often to look for due charges when the last look found none (default 1 s). */
  pollIntervalMs?: number;
  /** Subscriptions claimed and charged at once (default 50). */
  batchSize?: number;
  /** How long a claim hides a subscription from other schedulers (default `RENEWAL_LEASE_SECONDS`). */
  leaseSeconds?: number;
}

/**
 * Charges subscriptions when they are due, in every server (SUBSCRIPTIONS_SCHEDULER=off turns it off for an
 * instance). Work is claimed in the database (`claimDueSubscriptions`), so any number of instances run it at once
 * and each due charge is taken by one of them; a full batch goes again at once.
 */
export class SubscriptionScheduler {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number | undefined;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly deps: GatewayDeps,
    options: SubscriptionSchedulerOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 50;
    this.leaseSeconds = options.leaseSeconds;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
  }

  /** Stops looking; the charges of a batch in progress are finished first (their answers are stored). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** One batch of due charges, and the redirecting subscriptions whose page ended; how many charges it ran. */
  async runOnce(): Promise<number> {
    await settleRedirectingSubscriptions(this.deps);
    await settleCardUpdates(this.deps);
    return runDueRenewals(this.deps, { limit: this.batchSize, leaseSeconds: this.leaseSeconds });
  }

  /** Runs batches until nothing is due; how many charges in all. */
  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (;;) {
      const charged = await this.runOnce();
      total += charged;
      if (charged < this.batchSize) return total;
    }
  }

  private async poll(): Promise<void> {
    while (this.running) {
      let charged = 0;
      try {
        charged = await this.runOnce();
      } catch (error) {
        this.deps.logger.warn({ err: error }, "subscription scheduler: claiming renewals failed");
      }
      if (charged === this.batchSize) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
