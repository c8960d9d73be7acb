import { and, desc, eq, inArray } from "drizzle-orm";
import type { SubscriptionCharges } from "@/lib/contracts/subscription";
import { plans, subscriptionCycles, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { cycleAttemptUid, planChangeUid } from "./ids";
import { requireSubscriptionRow } from "./require-subscription";

type Charge = Omit<SubscriptionCharges["charges"][number], "uid" | "created_at">;

/**
 * GET /subscriptions/{id}/charges: what each of the subscription's charges was for, from what is stored of it: each
 * cycle's attempts (a charge the gateway made has its uid derived from the cycle and the attempt, `ids.ts`) and the
 * payment that paid it (the hosted page's first payment is a checkout's, with a uid of its own), the number of plan
 * changes (each prorated charge's uid derived from it), and a first payment that failed (the subscription's last
 * transaction before any cycle was paid). Only charges that were made are listed.
 */
export async function subscriptionCharges(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
}): Promise<SubscriptionCharges> {
  const { deps, shopId, id } = options;
  const subscription = await requireSubscriptionRow(deps, shopId, id);
  const [cycles, [plan]] = await Promise.all([
    deps.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, id)),
    deps.db.select({ trial: plans.trial }).from(plans).where(eq(plans.id, subscription.planId)),
  ]);
  const chargeOf = new Map<string, Charge>();
  for (const cycle of cycles) {
    const forCycle: Charge = { kind: "billing_cycle", billing_cycle: cycle.cycleNumber };
    for (let attempt = 1; attempt <= cycle.attempts; attempt++) {
      chargeOf.set(cycleAttemptUid(id, cycle.cycleNumber, attempt), forCycle);
    }
    if (cycle.paidUid) chargeOf.set(cycle.paidUid, forCycle);
  }
  for (let change = 1; change <= subscription.planChanges; change++) {
    chargeOf.set(planChangeUid(id, change), { kind: "plan_change", billing_cycle: null });
  }
  // The hosted page's first payment when it failed: the first cycle's (the trial's own charge, when the trial is
  // charged apart from the first paid cycle).
  const last = subscription.lastTransactionUid;
  if (last && !chargeOf.has(last)) {
    const trial = plan?.trial as { as_first_payment?: boolean } | null | undefined;
    chargeOf.set(last, { kind: "billing_cycle", billing_cycle: trial && !trial.as_first_payment ? 0 : 1 });
  }
  if (chargeOf.size === 0) return { charges: [] };
  const made = await deps.db
    .select({ uid: transactions.uid, createdAt: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.shopId, shopId), inArray(transactions.uid, [...chargeOf.keys()])))
    .orderBy(desc(transactions.createdAt), desc(transactions.uid));
  return {
    charges: made.map((row) => ({
      uid: row.uid,
      ...(chargeOf.get(row.uid) as Charge),
      created_at: row.createdAt.toISOString(),
    })),
  };
}
