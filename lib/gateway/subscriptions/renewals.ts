/**
 * Renewals: a due subscription is claimed (renewal-claim), its attempt decided (renewal-decide), charged
 * (renewal-charge), and the outcome applied (renewal-apply). This file runs the steps in order, for the scheduler's
 * batches and for the single charge a subscription's start, card update or test clock takes at once.
 */
import type { SubscriptionRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { applyOutcomes } from "./renewal-apply";
import { chargeAttempt } from "./renewal-charge";
import { claimIn } from "./renewal-claim";
import { type Attempt, decideAttempts } from "./renewal-decide";
import { lockSubscription } from "./transitions";

/**
 * Runs the charges due now (one batch); returns how many subscriptions it claimed. The batch is claimed and its
 * attempts decided in one database transaction, charged at once, and the outcomes stored in one more.
 */
export async function runDueRenewals(
  deps: GatewayDeps,
  options: { limit?: number; subscriptionId?: string; dueBy?: Date; leaseSeconds?: number } = {},
): Promise<number> {
  const { claimed, attempts } = await deps.db.transaction(async (tx) => {
    const rows = await claimIn(deps, tx, { limit: options.limit ?? 50, ...options });
    return { claimed: rows.length, attempts: await decideAttempts(deps, tx, rows) };
  });
  await chargeAndApply(deps, attempts, false);
  return claimed;
}

async function chargeAndApply(deps: GatewayDeps, attempts: Attempt[], first: boolean): Promise<void> {
  const outcomes = await Promise.all(
    attempts.map((attempt) =>
      chargeAttempt(deps, attempt, first).catch((error: unknown) => {
        // The lease runs out and the attempt is taken up again, by its key: never charged twice.
        deps.logger.error(
          { err: error, subscriptionId: attempt.subscription.id },
          "subscription charge failed",
        );
        return null;
      }),
    ),
  );
  const answered = attempts.flatMap((attempt, index) => {
    const outcome = outcomes[index];
    // Still unanswered (another instance is asking about it): the lease runs out and it is taken up again.
    return outcome ? [{ attempt, outcome }] : [];
  });
  if (answered.length > 0) await applyOutcomes(deps, answered, first);
}

/**
 * Charges the claimed subscription's open billing cycle once: decides the attempt (its uid derived from the cycle's
 * key), asks the acquirer through the payments' money path, and stores the outcome with the state it leads to.
 * `first`: the charge `POST /subscriptions` takes at once, whose failure fails the subscription.
 */
export async function chargeClaimed(
  deps: GatewayDeps,
  claimed: SubscriptionRow,
  options: { first: boolean },
): Promise<void> {
  const attempts = await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, claimed.id);
    // Claimed again by another instance after the lease ended.
    if (!row || row.leaseUntil?.getTime() !== claimed.leaseUntil?.getTime()) return [];
    return decideAttempts(deps, tx, [row]);
  });
  await chargeAndApply(deps, attempts, options.first);
}
