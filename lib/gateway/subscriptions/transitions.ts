import { and, eq, sql } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
import { type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import type { DatabaseTransaction } from "../transactions/finish-transactions";

/** Where a subscription starts: what `POST /subscriptions` may write (`failed`: its card was refused outright). */
export const INITIAL_STATES: readonly SubscriptionState[] = ["redirecting", "trial", "active", "failed"];

/**
 * Every move a subscription's state can make, and nothing else (docs/subscriptions.md draws it). A state not
 * listed as a key has no way out. Staying in a state (a renewal of an active subscription, another failed retry
 * while rescuing) is listed as a move to itself.
 */
export const TRANSITIONS: { readonly [From in SubscriptionState]: readonly SubscriptionState[] } = {
  // The shopper pays on the hosted page (with or without a trial), the first charge fails, the page expires.
  redirecting: ["trial", "active", "failed", "expired", "canceled"],
  // The trial's end charges the first cycle; or the trial's own first charge fails at once.
  trial: ["active", "failed_attempt", "failed", "error", "canceled"],
  // Renewed (active → active), a renewal failed and will be retried, a hard decline, billing cycles complete.
  active: ["active", "failed_attempt", "failed", "error", "canceled"],
  // A retry succeeded, failed again with attempts left (rescuing), or the attempts ran out.
  failed_attempt: ["active", "rescuing", "failed", "error", "canceled"],
  rescuing: ["active", "rescuing", "failed", "error", "canceled"],
  failed: [],
  error: [],
  canceled: [],
  expired: [],
};

/** States in which a subscription is charged when due. */
export const CHARGEABLE_STATES: readonly SubscriptionState[] = [
  "trial",
  "active",
  "failed_attempt",
  "rescuing",
];
/** States from which nothing moves. */
export const FINAL_STATES: readonly SubscriptionState[] = ["failed", "error", "canceled", "expired"];

export class RefusedTransition extends Error {
  constructor(
    readonly from: SubscriptionState,
    readonly to: SubscriptionState,
  ) {
    super(`A subscription cannot move from ${from} to ${to}`);
    this.name = "RefusedTransition";
  }
}

export function canTransition(from: SubscriptionState, to: SubscriptionState): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The one way a subscription's state changes: refused unless the table lists it, and written only if the row is
 * still in `from` (a guard in the UPDATE itself, so a concurrent change makes this one a no-op instead of
 * overwriting it). Returns the updated row, or null when the row had moved on.
 */
export async function transition(
  tx: DatabaseTransaction,
  options: {
    id: string;
    from: SubscriptionState;
    to: SubscriptionState;
    set?: Partial<Omit<typeof subscriptions.$inferInsert, "id" | "state">>;
  },
): Promise<SubscriptionRow | null> {
  if (!canTransition(options.from, options.to)) throw new RefusedTransition(options.from, options.to);
  const [row] = await tx
    .update(subscriptions)
    .set({ ...options.set, state: options.to, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(subscriptions.id, options.id), eq(subscriptions.state, options.from)))
    .returning();
  return row ?? null;
}

/** Changes a subscription's fields without moving its state (still guarded by the state it is expected in). */
export async function updateInState(
  tx: DatabaseTransaction,
  options: {
    id: string;
    state: SubscriptionState;
    set: Partial<Omit<typeof subscriptions.$inferInsert, "id" | "state">>;
  },
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...options.set, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(subscriptions.id, options.id), eq(subscriptions.state, options.state)))
    .returning();
  return row ?? null;
}
