/**
 * Renewals, step 4 of 4 — apply: the outcomes of a batch's charges stored in one database transaction — each
 * cycle paid, kept open for a retry or closed, each subscription moved through the transition table, the events
 * recorded.
 */
import { asc, inArray, sql } from "drizzle-orm";
import type { FailureReason, SubscriptionEvent, SubscriptionState } from "@/lib/contracts/subscription";
import { queryRows } from "@/lib/db/client";
import { type PlanRow, type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import {
  classifyFailure,
  type FailureKind,
  failureReasonOf,
  nextDaytime,
  PROCESSOR_ERROR_RETRY_SECONDS,
  periodEndAfter,
  SOFT_DECLINE_RETRY_SECONDS,
} from "../billing/schedule";
import type { GatewayDeps } from "../context";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { recordSubscriptionEvents } from "./events";
import { holdSubscription } from "./hold";
import type { ChargeOutcome } from "./renewal-charge";
import type { Attempt } from "./renewal-decide";
import { type BatchMove, CHARGEABLE_STATES, moveMany, type OutcomeFields } from "./transitions";

/** What storing an outcome needs: shops are looked up in those read before its transaction. */
type OutcomeDeps = Omit<GatewayDeps, "shops"> & { shops: Pick<GatewayDeps["shops"], "get"> };
export const BILLING_CYCLES_COMPLETE = "Billing cycles are complete";

/** When the next attempt may be: `at`, moved into the shop's daytime when the plan keeps payments off nights. */
async function chargeTime(
  deps: Pick<OutcomeDeps, "shops">,
  plan: PlanRow,
  shopId: number,
  at: Date,
): Promise<Date> {
  if (!plan.preventPaymentsAtNight) return at;
  const shop = await deps.shops.get(shopId);
  return nextDaytime(at, shop?.settings.time_zone ?? "UTC");
}

/**
 * Stores the outcomes of a batch in one database transaction, in a few statements for the whole batch whatever
 * its size: the rows locked, the cycles written (one UPDATE), the subscriptions moved (one UPDATE, each move
 * through the transition table and guarded by the state it was read in), and the events.
 *
 * One outcome can never take the others down with it: an outcome whose dates cannot be computed is held at once;
 * the batch's writes run in a savepoint, and if any of them fails they are rolled back to it and each outcome is
 * stored in a savepoint of its own, so only the one that cannot be stored is left out — and held for the operator
 * (`holdSubscription`), never claimed again until released. Its charge was made; its pending attempt keeps the
 * transaction's uid, so its outcome is stored, never charged again, once the operator has fixed it.
 */
export async function applyOutcomes(
  deps: GatewayDeps,
  items: { attempt: Attempt; outcome: ChargeOutcome }[],
  first: boolean,
): Promise<void> {
  // One lock order for every batch: two batches never wait on each other in a circle.
  const sorted = [...items].sort((a, b) =>
    a.attempt.subscription.id.localeCompare(b.attempt.subscription.id),
  );
  // Read before the transaction: on the embedded database a shop lookup inside it (one that missed the cache)
  // would wait for the connection the transaction holds, for ever.
  const shopIds = [...new Set(sorted.map((item) => item.attempt.subscription.shopId))];
  const shopById = new Map(
    await Promise.all(shopIds.map(async (id) => [id, await deps.shops.get(id)] as const)),
  );
  const inTransaction: OutcomeDeps = { ...deps, shops: { get: async (id) => shopById.get(id) ?? null } };
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        inArray(
          subscriptions.id,
          sorted.map((item) => item.attempt.subscription.id),
        ),
      )
      .orderBy(asc(subscriptions.id))
      .for("update");
    const rowById = new Map(rows.map((row) => [row.id, row]));
    const decided: Decision[] = [];
    const held: { id: string; error: unknown }[] = [];
    for (const { attempt, outcome } of sorted) {
      const row = rowById.get(attempt.subscription.id);
      if (!row) continue;
      try {
        decided.push(await decideOutcome(inTransaction, row, attempt, outcome, first));
      } catch (error) {
        held.push({ id: row.id, error });
      }
    }
    try {
      await tx.transaction((savepoint) => storeDecisions(inTransaction, savepoint, decided));
    } catch {
      for (const decision of decided) {
        try {
          await tx.transaction((savepoint) => storeDecisions(inTransaction, savepoint, [decision]));
        } catch (error) {
          held.push({ id: decision.move.row.id, error });
        }
      }
    }
    for (const { id, error } of held) await holdSubscription(deps, tx, id, error);
  });
  deps.outbox.nudge();
}

/** Writes decided outcomes: their cycles, their subscriptions' moves, their events (a few statements in all). */
async function storeDecisions(
  deps: OutcomeDeps,
  tx: DatabaseTransaction,
  decided: readonly Decision[],
): Promise<void> {
  if (decided.length === 0) return;
  // Stored once: only while this attempt is still the cycle's pending one (another instance that resumed it and
  // stored its outcome first leaves nothing to do here).
  const cycleValues = sql.join(
    decided.map(
      (decision) =>
        sql`(${decision.move.row.id}, ${decision.cycleNumber}::int, ${decision.pendingUid}, ${decision.cycle.state},
             ${decision.cycle.paidUid}::text)`,
    ),
    sql`, `,
  );
  const stored = await queryRows<{ id: string }>(
    tx,
    sql`
      update subscription_cycles as c
      set state = v.state, paid_uid = v.paid_uid, pending_uid = null, updated_at = clock_timestamp()
      from (values ${cycleValues}) as v(id, n, uid, state, paid_uid)
      where c.subscription_id = v.id and c.cycle_number = v.n and c.pending_uid = v.uid
      returning c.subscription_id as id`,
  );
  const storedIds = new Set(stored.map((row) => row.id));
  const kept = decided.filter((decision) => storedIds.has(decision.move.row.id));
  const moved = await moveMany(
    tx,
    kept.map((decision) => decision.move),
  );
  const movedById = new Map(moved.map((row) => [row.id, row]));
  await recordSubscriptionEvents(
    deps,
    tx,
    kept.flatMap((decision) => {
      const row = movedById.get(decision.move.row.id);
      return row ? decision.events.map((event) => ({ event, row })) : [];
    }),
  );
}

/** What one outcome writes: its cycle, its subscription's move, and the events the move records. */
interface Decision {
  cycleNumber: number;
  pendingUid: string;
  cycle: { state: "paid" | "open" | "closed"; paidUid: string | null };
  move: BatchMove;
  events: SubscriptionEvent[];
}

async function decideOutcome(
  deps: OutcomeDeps,
  row: SubscriptionRow,
  attempt: Attempt,
  outcome: ChargeOutcome,
  first: boolean,
): Promise<Decision> {
  const { plan } = attempt;
  const state = row.state as SubscriptionState;
  const live = CHARGEABLE_STATES.includes(state);
  const successful = outcome.status === "successful";
  const kind =
    outcome.transactionUid === null || outcome.status === "successful"
      ? "hard"
      : classifyFailure(outcome.status, outcome.bankCode);
  // The attempt's count is the cycle's: nothing changes a cycle while an attempt of it is pending.
  const exhausted = attempt.cycle.attempts >= plan.numberPaymentAttempts;
  const retry = !successful && live && !first && kind !== "hard" && !exhausted;
  const reason: FailureReason | null = successful
    ? null
    : failureReasonOf(
        outcome.status === "error" ? "error" : "failed",
        outcome.bankCode,
        outcome.cardExpired === true,
      );
  const fields = successful
    ? await paid(deps, { row, plan, cycleNumber: attempt.cycle.cycleNumber, at: attempt.at, first, live })
    : await failed(deps, { row, plan, at: attempt.at, kind, reason, retry, live, first });
  return {
    cycleNumber: attempt.cycle.cycleNumber,
    pendingUid: attempt.uid,
    cycle: {
      state: successful ? "paid" : retry ? "open" : "closed",
      paidUid: successful ? outcome.transactionUid : null,
    },
    move: {
      row,
      to: fields.to,
      set: {
        ...fields.set,
        ...(outcome.transactionUid ? { lastTransactionUid: outcome.transactionUid } : {}),
      },
    },
    events: fields.events,
  };
}

/** Where an outcome moves its subscription, with what, and the events it records. */
interface Outcome {
  to: SubscriptionState | null;
  set: OutcomeFields;
  events: SubscriptionEvent[];
}

async function paid(
  deps: OutcomeDeps,
  input: {
    row: SubscriptionRow;
    plan: PlanRow;
    cycleNumber: number;
    at: Date;
    first: boolean;
    live: boolean;
  },
): Promise<Outcome> {
  const { row, plan, cycleNumber, at, first, live } = input;
  const state = row.state as SubscriptionState;
  const counted = cycleNumber >= 1;
  const paidCycles = row.paidBillingCycles + (counted ? 1 : 0);
  const common = {
    paidBillingCycles: paidCycles,
    numberFailedPaymentAttempts: 0,
    lastFailure: null,
    lastFailureReason: null,
    leaseUntil: null,
  };
  // The trial's own charge, taken when the subscription starts (which its `started` told): the trial runs on, its
  // end is the next charge.
  if (first && state === "trial") return { to: null, set: common, events: [] };
  // The cycle that starts a subscription is told as its start; every later one (a trial's conversion included) as a
  // renewal.
  const paidEvent: SubscriptionEvent = first ? "subscription.started" : "subscription.renewed";
  // The period this cycle pays for ends at the anchor's next anniversary: counted from the anchor, so month ends keep
  // their day and a late retry does not move the dates (a row from before the anchor takes its paid-up date).
  const billingAnchor = row.billingAnchor ?? row.activeTo ?? at;
  const after = row.activeTo && row.activeTo > at ? row.activeTo : at;
  const activeTo = periodEndAfter(billingAnchor, after, plan.interval, plan.intervalUnit);
  // Canceled while this charge was already at the acquirer: the cycle it paid still counts.
  if (!live) return { to: null, set: { ...common, activeTo, billingAnchor }, events: [] };
  const complete = plan.billingCycles !== null && paidCycles >= plan.billingCycles;
  if (complete) {
    return {
      to: "canceled",
      set: {
        ...common,
        activeTo,
        billingAnchor,
        renewAt: null,
        cancelReason: BILLING_CYCLES_COMPLETE,
        cancelledAt: deps.clock.now(),
      },
      events: [paidEvent, "subscription.canceled"],
    };
  }
  const renewAt = await chargeTime(deps, plan, row.shopId, activeTo);
  return {
    to: "active",
    set: { ...common, activeTo, billingAnchor, renewAt },
    events: [paidEvent],
  };
}

async function failed(
  deps: OutcomeDeps,
  input: {
    row: SubscriptionRow;
    plan: PlanRow;
    at: Date;
    kind: FailureKind;
    reason: FailureReason | null;
    retry: boolean;
    live: boolean;
    first: boolean;
  },
): Promise<Outcome> {
  const { row, plan, at, kind, reason, retry, live, first } = input;
  const state = row.state as SubscriptionState;
  const common = {
    numberFailedPaymentAttempts: row.numberFailedPaymentAttempts + 1,
    lastFailure: kind,
    lastFailureReason: reason,
    leaseUntil: null,
  };
  if (!live) return { to: null, set: common, events: [] };
  if (retry) {
    const wait = kind === "soft" ? SOFT_DECLINE_RETRY_SECONDS : PROCESSOR_ERROR_RETRY_SECONDS;
    const renewAt = await chargeTime(deps, plan, row.shopId, new Date(at.getTime() + wait * 1000));
    const to = state === "failed_attempt" || state === "rescuing" ? "rescuing" : "failed_attempt";
    return { to, set: { ...common, renewAt }, events: ["subscription.renewal_failed"] };
  }
  // The first charge failing, a hard decline, or the attempts ran out: `error` when the last attempt of a renewal
  // met a processor error.
  const to = !first && kind === "error" ? "error" : "failed";
  return {
    to,
    set: { ...common, renewAt: null },
    events: first ? ["subscription.failed"] : ["subscription.renewal_failed", "subscription.failed"],
  };
}
