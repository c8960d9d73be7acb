/**
 * Renewals, step 2 of 4 — decide: each claimed subscription's open billing cycle (made if there is none) and the
 * attempt to charge it, under a uid derived from the cycle's key.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
import { queryRows } from "@/lib/db/client";
import {
  type CustomerRow,
  customers,
  type PlanRow,
  plans,
  type SubscriptionCycleRow,
  type SubscriptionRow,
  subscriptionCycles,
} from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { cycleAttemptUid } from "./ids";
import { CHARGEABLE_STATES } from "./transitions";

/** The moment a subscription lives at: the later of the real time and its test clock. */
function presentOf(row: Pick<SubscriptionRow, "clockAt">, now: Date): Date {
  return row.clockAt && row.clockAt > now ? row.clockAt : now;
}

export interface Attempt {
  subscription: SubscriptionRow;
  plan: PlanRow;
  customer: CustomerRow | null;
  cycle: SubscriptionCycleRow;
  uid: string;
  /** The attempt was decided before (an instance died during it): its transaction may exist already. */
  resumed: boolean;
  at: Date;
}

/**
 * Decides the attempt of each claimed subscription (rows locked by the caller's transaction), in a few statements
 * for the whole batch: the open cycle, made if there is none — (subscription, cycle number) is the primary key, so
 * a cycle is never made twice — and, unless an attempt is already pending (an instance died during it, and it is
 * resumed under its own uid), the next attempt's uid, derived from the cycle's key.
 */
export async function decideAttempts(
  deps: Pick<GatewayDeps, "logger" | "clock">,
  tx: DatabaseTransaction,
  rows: SubscriptionRow[],
): Promise<Attempt[]> {
  // Canceled (or otherwise ended) since it was due: nothing is charged.
  const live = rows.filter(
    (row) => CHARGEABLE_STATES.includes(row.state as SubscriptionState) && row.cardToken !== null,
  );
  if (live.length === 0) return [];
  const chargeable = await applyPendingPlans(tx, live);
  const ids = chargeable.map((row) => row.id);
  const [planRows, customerRows] = await Promise.all([
    tx
      .select()
      .from(plans)
      .where(inArray(plans.id, [...new Set(chargeable.map((row) => row.planId))])),
    tx
      .select()
      .from(customers)
      .where(
        inArray(customers.id, [
          ...new Set(chargeable.flatMap((row) => (row.customerId ? [row.customerId] : []))),
        ]),
      ),
  ]);
  const planById = new Map(planRows.map((row) => [row.id, row]));
  const customerById = new Map(customerRows.map((row) => [row.id, row]));
  // The next cycle of each subscription that has none open, in one statement whether any is missing or not.
  const next = sql.join(
    chargeable.map(
      (row) =>
        sql`(${row.id}, ${row.paidBillingCycles + 1}::int, ${(planById.get(row.planId) as PlanRow).amount}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into subscription_cycles (subscription_id, cycle_number, amount)
    select v.id, v.n, v.amount from (values ${next}) as v(id, n, amount)
    where not exists (
      select 1 from subscription_cycles as c where c.subscription_id = v.id and c.state = 'open')
    on conflict do nothing`);
  const open = await tx
    .select()
    .from(subscriptionCycles)
    .where(and(inArray(subscriptionCycles.subscriptionId, ids), eq(subscriptionCycles.state, "open")))
    .orderBy(asc(subscriptionCycles.cycleNumber));
  const cycleOf = new Map<string, SubscriptionCycleRow>();
  for (const cycle of open) if (!cycleOf.has(cycle.subscriptionId)) cycleOf.set(cycle.subscriptionId, cycle);
  const attempts: Attempt[] = [];
  const fresh: { id: string; cycleNumber: number; uid: string }[] = [];
  const now = deps.clock.now();
  for (const row of chargeable) {
    const cycle = cycleOf.get(row.id);
    if (!cycle) {
      deps.logger.error({ subscriptionId: row.id }, "subscription's next cycle exists but is not open");
      continue;
    }
    const at = presentOf(row, now);
    const effectiveAt = row.renewAt && row.renewAt > at ? row.renewAt : at;
    const plan = planById.get(row.planId) as PlanRow;
    const customer = (row.customerId && customerById.get(row.customerId)) || null;
    if (cycle.pendingUid) {
      attempts.push({
        subscription: row,
        plan,
        customer,
        cycle,
        uid: cycle.pendingUid,
        resumed: true,
        at: effectiveAt,
      });
      continue;
    }
    const uid = cycleAttemptUid(row.id, cycle.cycleNumber, cycle.attempts + 1);
    fresh.push({ id: row.id, cycleNumber: cycle.cycleNumber, uid });
    attempts.push({
      subscription: row,
      plan,
      customer,
      cycle: { ...cycle, attempts: cycle.attempts + 1, pendingUid: uid },
      uid,
      resumed: false,
      at: effectiveAt,
    });
  }
  if (fresh.length > 0) {
    const values = sql.join(
      fresh.map((entry) => sql`(${entry.id}, ${entry.cycleNumber}::int, ${entry.uid})`),
      sql`, `,
    );
    await tx.execute(sql`
      update subscription_cycles as c
      set attempts = c.attempts + 1, pending_uid = v.uid, updated_at = clock_timestamp()
      from (values ${values}) as v(id, n, uid)
      where c.subscription_id = v.id and c.cycle_number = v.n and c.pending_uid is null`);
  }
  return attempts;
}

/**
 * A plan change left for the next cycle (`proration: next_cycle`) takes effect as that cycle is made: the plan is
 * switched under the row lock the claim holds, before the cycle's amount is read from it, and only while no cycle
 * is open (a cycle being retried keeps the amount it was made with).
 */
async function applyPendingPlans(
  tx: DatabaseTransaction,
  rows: SubscriptionRow[],
): Promise<SubscriptionRow[]> {
  const pending = rows.filter((row) => row.pendingPlanId !== null);
  if (pending.length === 0) return rows;
  const switched = await queryRows<{ id: string; plan_id: string }>(
    tx,
    sql`
      update subscriptions as s
      set plan_id = s.pending_plan_id, pending_plan_id = null, updated_at = clock_timestamp()
      where s.id in (${sql.join(
        pending.map((row) => sql`${row.id}`),
        sql`, `,
      )})
        and s.pending_plan_id is not null
        and not exists (
          select 1 from subscription_cycles as c where c.subscription_id = s.id and c.state = 'open')
      returning s.id, s.plan_id`,
  );
  const planOf = new Map(switched.map((row) => [row.id, row.plan_id]));
  return rows.map((row) => {
    const planId = planOf.get(row.id);
    return planId ? { ...row, planId, pendingPlanId: null } : row;
  });
}
