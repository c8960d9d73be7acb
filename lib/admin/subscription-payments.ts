import type { Subscription } from "@/lib/contracts/subscription";
import { cycleAttemptUid } from "@/lib/gateway/subscriptions/ids";

/** Attempts looked for per cycle: a plan's retries and the shopper's card updates stay far below it. */
const MAX_ATTEMPTS = 20;

/**
 * The billing cycle each of a subscription's charges was for. A charge the gateway made itself has a uid derived
 * from the cycle's key and the attempt (`cycleAttemptUid`), so the cycle is read back from the uid rather than
 * guessed from the order of the payments; any other charge is the first payment its hosted page took: cycle 1, or
 * the trial's (0) when the trial's charge is not the first paid cycle.
 */
export function billingCyclesOf(
  subscription: Pick<Subscription, "id" | "paid_billing_cycles" | "plan">,
  uids: readonly string[],
): Map<string, number> {
  const known = new Map<string, number>();
  for (let cycle = 0; cycle <= subscription.paid_billing_cycles + 1; cycle++) {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      known.set(cycleAttemptUid(subscription.id, cycle, attempt), cycle);
    }
  }
  const trial = subscription.plan.trial;
  const firstCycle = trial && !trial.as_first_payment ? 0 : 1;
  return new Map(uids.map((uid) => [uid, known.get(uid) ?? firstCycle]));
}
