/**
 * Renewals, step 1 of 4 — claim: the subscriptions whose charge is due are taken, each under a lease that hides it
 * from every other scheduler until the charge is over.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { notHeld } from "./hold";
import { CHARGEABLE_STATES } from "./transitions";

/**
 * How long a claim keeps a subscription from every other scheduler: far longer than a charge takes (the sandbox's
 * slow answer is 3 s), so only an instance that died mid-charge loses its claims — and the charge it left is then
 * finished by asking the acquirer again with the same key, never by a second charge.
 */
export const RENEWAL_LEASE_SECONDS = 300;

/**
 * Claims up to `limit` subscriptions whose charge is due, in one short database transaction: `FOR UPDATE SKIP
 * LOCKED` lets every instance's scheduler claim at once without waiting on or taking each other's rows, and the
 * lease hides a claimed row from every claim until it ends. `dueBy` (a test clock) replaces "now" as the time
 * charges must be due by.
 */
export async function claimDueSubscriptions(
  deps: Pick<GatewayDeps, "db" | "clock">,
  options: { limit: number; subscriptionId?: string; dueBy?: Date; leaseSeconds?: number },
): Promise<SubscriptionRow[]> {
  return deps.db.transaction((tx) => claimIn(deps, tx, options));
}

export async function claimIn(
  deps: Pick<GatewayDeps, "clock">,
  tx: DatabaseTransaction,
  options: { limit: number; subscriptionId?: string; dueBy?: Date; leaseSeconds?: number },
): Promise<SubscriptionRow[]> {
  const now = deps.clock.sqlNow();
  const dueBy = options.dueBy
    ? sql`${options.dueBy.toISOString()}::timestamptz`
    : sql`greatest(${now}, coalesce(${subscriptions.clockAt}, ${now}))`;
  // One statement: the due rows are locked (skipping those another claim holds) and leased together.
  const due = tx.$with("due").as(
    tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.state, [...CHARGEABLE_STATES]),
          lte(subscriptions.renewAt, dueBy),
          or(isNull(subscriptions.leaseUntil), lte(subscriptions.leaseUntil, now)),
          notHeld(),
          options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.renewAt))
      .limit(options.limit)
      .for("update", { skipLocked: true }),
  );
  return tx
    .with(due)
    .update(subscriptions)
    .set({
      leaseUntil: sql`${now} + make_interval(secs => ${options.leaseSeconds ?? RENEWAL_LEASE_SECONDS})`,
    })
    .where(inArray(subscriptions.id, tx.select({ id: due.id }).from(due)))
    .returning();
}
