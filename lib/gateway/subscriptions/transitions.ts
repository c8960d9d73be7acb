import { and, eq, inArray, sql } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
import { queryRows } from "@/lib/db/client";
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
  // Renewed (active → active), a renewal failed and will be retried, a hard decline, billing cycles complete, paused.
  active: ["active", "failed_attempt", "failed", "error", "canceled", "paused"],
  // A retry succeeded, failed again with attempts left (rescuing), or the attempts ran out.
  failed_attempt: ["active", "rescuing", "failed", "error", "canceled"],
  rescuing: ["active", "rescuing", "failed", "error", "canceled"],
  // Resumed (by the merchant, or when `resume_at` comes), or canceled; never charged while paused.
  paused: ["active", "canceled"],
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

/** A subscription's row under its row lock, for the rest of `tx`: every change of state decides on it. */
export async function lockSubscription(tx: DatabaseTransaction, id: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
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

/** The fields a charge's outcome writes; a field left out keeps the row's value. */
export type OutcomeFields = Partial<
  Pick<
    SubscriptionRow,
    | "lastTransactionUid"
    | "paidBillingCycles"
    | "numberFailedPaymentAttempts"
    | "lastFailure"
    | "lastFailureReason"
    | "leaseUntil"
    | "activeTo"
    | "billingAnchor"
    | "renewAt"
    | "cancelReason"
    | "cancelledAt"
  >
>;

/**
 * One subscription's change in a batch: `to` a state through the table (staying where it is is a move to itself,
 * and must be listed too), or null to change fields without moving (as `updateInState`).
 */
export interface BatchMove {
  row: SubscriptionRow;
  to: SubscriptionState | null;
  set: OutcomeFields;
}

const timestamp = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * `transition` and `updateInState` for a whole batch in one statement: each move refused unless the table lists
 * it, each row written only if it is still in the state it was read in. `row` must be the row as the caller's
 * transaction locked it (`FOR UPDATE`): the fields a move leaves out are written back as read. Returns the rows
 * written, in the order of `moves`.
 */
export async function moveMany(
  tx: DatabaseTransaction,
  moves: readonly BatchMove[],
): Promise<SubscriptionRow[]> {
  if (moves.length === 0) return [];
  for (const { row, to } of moves) {
    const from = row.state as SubscriptionState;
    if (to !== null && !canTransition(from, to)) throw new RefusedTransition(from, to);
  }
  const values = sql.join(
    moves.map(({ row, to, set }) => {
      const next = { ...row, ...set };
      return sql`(${row.id}, ${row.state}, ${to ?? row.state}, ${next.lastTransactionUid}::text,
        ${next.paidBillingCycles}::int, ${next.numberFailedPaymentAttempts}::int, ${next.lastFailure}::text, ${next.lastFailureReason}::text,
        ${timestamp(next.leaseUntil)}::timestamptz, ${timestamp(next.activeTo)}::timestamptz,
        ${timestamp(next.billingAnchor)}::timestamptz, ${timestamp(next.renewAt)}::timestamptz,
        ${next.cancelReason}::text, ${timestamp(next.cancelledAt)}::timestamptz)`;
    }),
    sql`, `,
  );
  const written = await queryRows<{ id: string }>(
    tx,
    sql`
      update subscriptions as s
      set state = v.state, last_transaction_uid = v.last_transaction_uid, paid_billing_cycles = v.paid,
          number_failed_payment_attempts = v.failed, last_failure = v.last_failure,
          last_failure_reason = v.last_failure_reason, lease_until = v.lease_until,
          active_to = v.active_to, billing_anchor = v.billing_anchor, renew_at = v.renew_at,
          cancel_reason = v.cancel_reason,
          cancelled_at = v.cancelled_at, updated_at = clock_timestamp()
      from (values ${values}) as v(id, expected, state, last_transaction_uid, paid, failed, last_failure,
                                   last_failure_reason, lease_until, active_to, billing_anchor, renew_at, cancel_reason,
                                   cancelled_at)
      where s.id = v.id and s.state = v.expected
      returning s.id`,
  );
  if (written.length === 0) return [];
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(
      inArray(
        subscriptions.id,
        written.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return moves.flatMap(({ row }) => byId.get(row.id) ?? []);
}
