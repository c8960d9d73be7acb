import { asc } from "drizzle-orm";
import { threeDSecureChallenges } from "@/lib/db/schema";
import { endableAsExpired } from "./challenge-claims";
import { finishVerification, type IssuerFlowDeps } from "./finish-verification";

const BATCH_SIZE = 100;

/**
 * Fails the transactions whose 3-D Secure challenge the shopper never finished, once it expires
 * (`THREE_D_SECURE_TTL_SECONDS`), or whose merchant verification was left unfinished by an instance that stopped
 * (a stale `verifying` claim), and writes their notifications; resolves to how many it ended. Safe with several
 * instances sweeping at once: each challenge is ended by a conditional update on its stage, which only one of them
 * can win. Run every 30 s by the runtime (a PeriodicSweep).
 */
export async function endExpiredChallenges(deps: IssuerFlowDeps): Promise<number> {
  let ended = 0;
  for (;;) {
    const expired = await deps.db
      .select({
        transactionUid: threeDSecureChallenges.transactionUid,
        pendingOperation: threeDSecureChallenges.pendingOperation,
      })
      .from(threeDSecureChallenges)
      .where(endableAsExpired(deps.clock.sqlNow()))
      .orderBy(asc(threeDSecureChallenges.expiresAt))
      .limit(BATCH_SIZE);
    let endedNow = 0;
    for (const challenge of expired) {
      if ((await finishVerification(deps, challenge, "expired")).finished) endedNow += 1;
    }
    ended += endedNow;
    // A full batch of which nothing could be ended (other instances took them) would only come back again.
    if (expired.length < BATCH_SIZE || endedNow === 0) return ended;
  }
}
