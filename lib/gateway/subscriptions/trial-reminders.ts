import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { plans, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { recordSubscriptionEvents } from "./events";
import { notHeld } from "./hold";

/** How long before a free trial ends its subscriber is reminded (the card schemes' rule for trials over 7 days). */
export const TRIAL_REMINDER_DAYS = 7;

/**
 * Sends `subscription.trial_will_end` for the free trials whose reminder is due: 7 days before the trial ends, or at
 * once for a trial of 7 days or less (its reminder was due from its start). Each reminder is claimed by setting
 * `trial_reminded_at` in the one statement that picks it (`FOR UPDATE SKIP LOCKED`, and only where it is still
 * null), and its event is recorded in the same database transaction: of any number of instances (and test clocks)
 * exactly one sends it. `dueBy` (a test clock) replaces "now" as the time the reminders must be due by. Returns how
 * many were sent.
 */
export async function sendTrialReminders(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">,
  options: { limit?: number; subscriptionId?: string; dueBy?: Date } = {},
): Promise<number> {
  const sent = await deps.db.transaction(async (tx) => {
    const now = deps.clock.sqlNow();
    const present = options.dueBy
      ? sql`${options.dueBy.toISOString()}::timestamptz`
      : sql`greatest(${now}, coalesce(${subscriptions.clockAt}, ${now}))`;
    const due = tx.$with("due").as(
      tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(
            eq(subscriptions.state, "trial"),
            isNull(subscriptions.trialRemindedAt),
            lte(subscriptions.renewAt, sql`${present} + make_interval(days => ${TRIAL_REMINDER_DAYS})`),
            // A free trial: a trial with a price was paid for when it started.
            sql`coalesce((${plans.trial} ->> 'amount')::bigint, 0) = 0`,
            notHeld(),
            options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
          ),
        )
        .limit(options.limit ?? 100)
        .for("update", { of: subscriptions, skipLocked: true }),
    );
    const claimed = await tx
      .with(due)
      .update(subscriptions)
      .set({ trialRemindedAt: deps.clock.now(), updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          inArray(subscriptions.id, tx.select({ id: due.id }).from(due)),
          isNull(subscriptions.trialRemindedAt),
        ),
      )
      .returning();
    await recordSubscriptionEvents(
      deps,
      tx,
      claimed.map((row) => ({ event: "subscription.trial_will_end" as const, row })),
    );
    return claimed.length;
  });
  if (sent > 0) deps.outbox.nudge();
  return sent;
}
