import { and, eq, gt, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import type { ThreeDSecureChallengeRow } from "@/lib/db/schema";
import { threeDSecureChallenges } from "@/lib/db/schema";
import { VERIFICATION_TIMEOUT_MS } from "../notifications/merchant-verification";
import { WRONG_CODE_LIMIT } from "./verification-result";

/**
 * The claims on a 3-D Secure challenge that make its end happen once: each is a condition on the challenge's
 * stage (and time) that a conditional update checks, so that of two requests, instances or sweeps trying to end
 * the same challenge, one alone matches it. Shared by every operation a challenge can hold (`PendingOperation`).
 */

export type FinishResult =
  /** This call ended the verification; the transaction is now final. */
  | { finished: true; transaction: Transaction }
  /** Someone else ended it first (another request, another instance, the expiry sweep); nothing changed. */
  | { finished: false };

/**
 * How long a request may hold a challenge in the `verifying` stage while it asks the merchant's verification_url:
 * the merchant's deadline and a margin. A claim older than this was left by an instance that stopped while
 * asking; the verification then ends as expired (failed), like one the shopper never finished.
 */
export const VERIFYING_LEASE_SECONDS = VERIFICATION_TIMEOUT_MS / 1000 + 20;

/** The challenges still waiting on the shopper (not claimed, not finished). */
const WAITING_ON_SHOPPER = ["method", "challenge"] as const;

/**
 * A challenge the shopper may still answer: not claimed, not finished, not expired. To pass it, also one whose
 * wrong codes have not reached the limit: the count and the claim are checked in the same statement, so a correct
 * code arriving (on any instance) just after the last wrong one was counted cannot win over it.
 */
export function waitingOnShopper(now: SQL, passing: boolean): SQL {
  return and(
    inArray(threeDSecureChallenges.stage, WAITING_ON_SHOPPER),
    gt(threeDSecureChallenges.expiresAt, now),
    passing ? lt(threeDSecureChallenges.failedAttempts, WRONG_CODE_LIMIT) : undefined,
  ) as SQL;
}

/**
 * A challenge that may be ended as expired now: its shopper ran out of time, or its claim went stale. The same
 * rule for a loaded row is `mayEndAsExpired`.
 */
export function endableAsExpired(now: SQL): SQL {
  return or(
    and(
      inArray(threeDSecureChallenges.stage, WAITING_ON_SHOPPER),
      lte(threeDSecureChallenges.expiresAt, now),
    ),
    and(
      eq(threeDSecureChallenges.stage, "verifying"),
      lte(threeDSecureChallenges.updatedAt, sql`${now} - make_interval(secs => ${VERIFYING_LEASE_SECONDS})`),
    ),
  ) as SQL;
}

/** Whether a `verifying` challenge's claim has outlived its lease (by the gateway's clock). */
export function isStaleClaim(challenge: Pick<ThreeDSecureChallengeRow, "updatedAt">, now: Date): boolean {
  return challenge.updatedAt.getTime() + VERIFYING_LEASE_SECONDS * 1000 <= now.getTime();
}

/** `endableAsExpired` for a challenge already loaded, to decide whether to try. */
export function mayEndAsExpired(
  challenge: Pick<ThreeDSecureChallengeRow, "stage" | "expiresAt" | "updatedAt">,
  now: Date,
): boolean {
  if (challenge.stage === "verifying") return isStaleClaim(challenge, now);
  return challenge.stage !== "finished" && challenge.expiresAt.getTime() <= now.getTime();
}
