import { and, eq, sql } from "drizzle-orm";
import { plans, subscriptionCycles, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";

/** Months in one unit of a plan's interval: an hour is 1/730 of a month (8,760 hours a year), a week 12/52 of one. */
const MONTHS_PER_UNIT_SQL = sql`case ${plans.intervalUnit}
  when 'hour' then 730.0
  when 'day' then 365.0 / 12
  when 'week' then 52.0 / 12
  when 'month' then 1.0
  else 1.0 / 12 end`;

export interface SubscriptionReport {
  /**
   * Monthly recurring revenue per currency, in minor units as a decimal string (summed as numeric in the database,
   * exact past 2^53 as the daily report's money is): each active subscription's amount per month.
   */
  mrr: { currency: string; amount: string; subscriptions: number }[];
  /** How many of the shop's subscriptions are in each state (states with none are left out). */
  states: Record<string, number>;
  /**
   * Failing subscriptions won back: billing cycles paid on a retry (after at least one failed attempt, i.e. a move
   * from `failed_attempt` or `rescuing` back to `active`), and how many subscriptions they belong to.
   */
  recovered: { cycles: number; subscriptions: number; amounts: { currency: string; amount: string }[] };
}

/**
 * GET /reports/subscriptions: the shop's live (or test) subscriptions now: MRR per currency (an active
 * subscription's plan amount × MONTHS_PER_UNIT / interval, summed and rounded to minor units), counts by state, and
 * the failing ones recovered by a retry. Three grouped queries.
 */
export async function buildSubscriptionReport(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  test: boolean;
}): Promise<SubscriptionReport> {
  const { deps, shopId, test } = options;
  const mine = and(eq(subscriptions.shopId, shopId), eq(subscriptions.test, test));
  const [mrrRows, stateRows, recoveredRows] = await Promise.all([
    deps.db
      .select({
        currency: plans.currency,
        amount: sql<string>`round(sum(${plans.amount}::numeric * ${MONTHS_PER_UNIT_SQL} / ${plans.interval}))`,
        subscriptions: sql<number>`count(*)::int`,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(mine, eq(subscriptions.state, "active")))
      .groupBy(plans.currency)
      .orderBy(plans.currency),
    deps.db
      .select({ state: subscriptions.state, count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(mine)
      .groupBy(subscriptions.state),
    deps.db
      .select({
        currency: plans.currency,
        cycles: sql<number>`count(*)::int`,
        subscriptions: sql<number>`count(distinct ${subscriptions.id})::int`,
        amount: sql<string>`sum(${subscriptionCycles.amount})`,
      })
      .from(subscriptionCycles)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCycles.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(mine, eq(subscriptionCycles.state, "paid"), sql`${subscriptionCycles.attempts} > 1`))
      .groupBy(plans.currency)
      .orderBy(plans.currency),
  ]);
  return {
    mrr: mrrRows.map((row) => ({
      currency: row.currency,
      amount: String(row.amount),
      subscriptions: Number(row.subscriptions),
    })),
    states: Object.fromEntries(stateRows.map((row) => [row.state, Number(row.count)])),
    recovered: {
      cycles: recoveredRows.reduce((sum, row) => sum + Number(row.cycles), 0),
      // A subscription's plan has one currency, so the per-currency counts do not overlap.
      subscriptions: recoveredRows.reduce((sum, row) => sum + Number(row.subscriptions), 0),
      amounts: recoveredRows.map((row) => ({ currency: row.currency, amount: String(row.amount) })),
    },
  };
}
