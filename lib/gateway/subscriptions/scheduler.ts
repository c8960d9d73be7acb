import { ClaimLoop } from "../claim-loop";
import type { GatewayDeps } from "../context";
import { settleCardUpdates } from "./card-update";
import { resumeDuePauses } from "./pause";
import { runDueRenewals } from "./renewals";
import { settleRedirectingSubscriptions } from "./subscription-checkout";
import { sendTrialReminders } from "./trial-reminders";

export interface SubscriptionSchedulerOptions {
  /** How often to look for due charges when the last look found none (default 1 s). */
  pollIntervalMs?: number;
  /** Subscriptions claimed and charged at once (default 50). */
  batchSize?: number;
  /** How long a claim hides a subscription from other schedulers (default `RENEWAL_LEASE_SECONDS`). */
  leaseSeconds?: number;
  /**
   * Batches in flight at once (default 2): while one batch's outcomes are stored, the next one's charges are
   * already at the acquirer. Their claims never overlap (SKIP LOCKED), as two instances' do not.
   */
  concurrency?: number;
}

/**
 * Charges subscriptions when they are due, in every server (SUBSCRIPTIONS_SCHEDULER=off turns it off for an
 * instance). Work is claimed in the database (`claimDueSubscriptions`), so any number of instances run it at once
 * and each due charge is taken by one of them; a full batch goes again at once.
 */
export class SubscriptionScheduler {
  private readonly batchSize: number;
  private readonly leaseSeconds: number | undefined;
  private readonly concurrency: number;
  private readonly claimLoop: ClaimLoop;

  constructor(
    private readonly deps: GatewayDeps,
    options: SubscriptionSchedulerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.leaseSeconds = options.leaseSeconds;
    this.concurrency = options.concurrency ?? 2;
    this.claimLoop = new ClaimLoop({
      failure: "subscription scheduler: claiming renewals failed",
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      logger: deps.logger,
      turn: async () => (await this.runOnce()) === this.capacity,
    });
  }

  /** Subscriptions one `runOnce` claims at most. */
  get capacity(): number {
    return this.batchSize * this.concurrency;
  }

  start(): void {
    this.claimLoop.start();
  }

  /** Stops looking; the charges of a batch in progress are finished first (their answers are stored). */
  async stop(): Promise<void> {
    await this.claimLoop.stop();
  }

  /**
   * One batch of due charges, and before it the redirecting subscriptions whose page ended, the card updates made,
   * the trial reminders due and the pauses that end; how many charges it ran.
   */
  async runOnce(): Promise<number> {
    await this.settle();
    const claimed = await Promise.all(
      Array.from({ length: this.concurrency }, () =>
        runDueRenewals(this.deps, { limit: this.batchSize, leaseSeconds: this.leaseSeconds }),
      ),
    );
    return claimed.reduce((sum, count) => sum + count, 0);
  }

  /** What is settled before charges are claimed: each step claims its own rows in the database. */
  private async settle(): Promise<void> {
    await settleRedirectingSubscriptions(this.deps);
    await settleCardUpdates(this.deps);
    await sendTrialReminders(this.deps);
    // A pause that ends makes its subscription due again: resumed before the claims look for due charges.
    await resumeDuePauses(this.deps);
  }

  /**
   * Runs batches until nothing is due, `concurrency` of them in flight at any time (each loop claims its next batch
   * as soon as its last one is stored); how many subscriptions were charged in all.
   */
  async runUntilIdle(): Promise<number> {
    await this.settle();
    const loops = Array.from({ length: this.concurrency }, async () => {
      let total = 0;
      for (;;) {
        const claimed = await runDueRenewals(this.deps, {
          limit: this.batchSize,
          leaseSeconds: this.leaseSeconds,
        });
        total += claimed;
        if (claimed < this.batchSize) return total;
      }
    });
    return (await Promise.all(loops)).reduce((sum, count) => sum + count, 0);
  }
}
