import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { subscriptions } from "@/lib/db/schema";
import { ScheduleOutOfRange } from "../billing/schedule";
import type { GatewayDeps } from "../context";
import type { DatabaseTransaction } from "../transactions/finish-transactions";

/** How long a hold's reason may be: the start of an error's message, enough to find its cause. */
const HOLD_REASON_MAX_LENGTH = 500;

/** Only subscriptions no one holds for the operator are claimed, settled or charged. */
export const notHeld = () => isNull(subscriptions.heldAt);

/**
 * Why an outcome could not be stored, in words the operator reads on the row. A failed query's error is the
 * database's own message (its cause), never the wrapper's, which lists the statement's parameters (an event's
 * body among them).
 */
export function holdReasonOf(error: unknown): string {
  if (error instanceof ScheduleOutOfRange) return `Its next date cannot be stored: ${error.message}`;
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message = root instanceof Error ? root.message : "unknown error";
  return `Its outcome could not be stored: ${message}`.slice(0, HOLD_REASON_MAX_LENGTH);
}

/**
 * Holds a subscription for the operator: it leaves every batch (claims and settling skip it) and is never charged
 * again until the operator clears `held_at` (docs/operations.md). Its lease is let go; its open cycle keeps its
 * pending attempt, so once released the attempt already made is resumed by its key and never charged twice.
 */
export async function holdSubscription(
  deps: Pick<GatewayDeps, "clock" | "logger">,
  db: Pick<DatabaseTransaction, "update">,
  id: string,
  error: unknown,
): Promise<void> {
  const reason = holdReasonOf(error);
  deps.logger.error({ err: error, subscriptionId: id }, "subscription held for the operator");
  await db
    .update(subscriptions)
    .set({
      heldAt: deps.clock.now(),
      heldReason: reason,
      leaseUntil: null,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(subscriptions.id, id), notHeld()));
}

/** How many subscriptions are held for the operator (a metric read at every scrape; a partial index answers it). */
export async function countHeldSubscriptions(deps: Pick<GatewayDeps, "db">): Promise<number> {
  const [row] = await deps.db
    .select({ held: count() })
    .from(subscriptions)
    .where(isNotNull(subscriptions.heldAt));
  return Number(row?.held ?? 0);
}
