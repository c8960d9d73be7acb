import { asc } from "drizzle-orm";
import { threeDSecureChallenges } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { endableAsExpired, finishVerification } from "./finish-verification";

const SWEEP_INTERVAL_MS = 30_000;
const BATCH_SIZE = 100;

/**
 * Fails the transactions whose 3-D Secure challenge the shopper never finished, once it expires
 * (`THREE_D_SECURE_TTL_SECONDS`), or whose merchant verification was left unfinished by an instance that stopped
 * (a stale `verifying` claim), and writes their notifications. Safe with several instances sweeping at once:
 * each challenge is ended by a conditional update on its stage, which only one of them can win.
 */
export class ThreeDSecureExpirySweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly intervalMs = SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweepOnce().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, "3-D Secure expiry sweep failed"),
      );
    }, this.intervalMs);
    // A pending sweep must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  /** Ends every challenge expired by now; resolves to how many this call ended. */
  sweepOnce(): Promise<number> {
    const sweep = this.sweep().finally(() => {
      if (this.sweeping === sweep) this.sweeping = null;
    });
    this.sweeping = sweep;
    return sweep;
  }

  private async sweep(): Promise<number> {
    let ended = 0;
    for (;;) {
      const expired = await this.deps.db
        .select({
          transactionUid: threeDSecureChallenges.transactionUid,
          shopId: threeDSecureChallenges.shopId,
          acquirerDecision: threeDSecureChallenges.acquirerDecision,
        })
        .from(threeDSecureChallenges)
        .where(endableAsExpired(this.deps.clock.sqlNow()))
        .orderBy(asc(threeDSecureChallenges.expiresAt))
        .limit(BATCH_SIZE);
      let endedNow = 0;
      for (const challenge of expired) {
        if ((await finishVerification(this.deps, challenge, "expired")).finished) endedNow += 1;
      }
      ended += endedNow;
      // A full batch of which nothing could be ended (other instances took them) would only come back again.
      if (expired.length < BATCH_SIZE || endedNow === 0) return ended;
    }
  }
}
