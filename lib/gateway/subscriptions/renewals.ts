import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FailureReason, SubscriptionEvent, SubscriptionState } from "@/lib/contracts/subscription";
import { queryRows } from "@/lib/db/client";
import {
  type CustomerRow,
  customers,
  type PlanRow,
  plans,
  type SubscriptionCycleRow,
  type SubscriptionRow,
  subscriptionCycles,
  subscriptions,
  type TransactionRow,
  transactions,
} from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { createPayment } from "../payments/create-payment";
import { recoverUnansweredPayment } from "../payments/recover-unanswered";
import type { TransactionBody } from "../transactions/build-transaction";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { moneyResultOf } from "../transactions/money-transaction-body";
import { recordSubscriptionEvents } from "./events";
import { holdSubscription, notHeld } from "./hold";
import { cycleAttemptUid } from "./ids";
import {
  classifyFailure,
  type FailureKind,
  failureReasonOf,
  nextDaytime,
  PROCESSOR_ERROR_RETRY_SECONDS,
  periodEndAfter,
  SOFT_DECLINE_RETRY_SECONDS,
} from "./schedule";
import {
  type BatchMove,
  CHARGEABLE_STATES,
  lockSubscription,
  moveMany,
  type OutcomeFields,
} from "./transitions";

/**
 * How long a claim keeps a subscription from every other scheduler: far longer than a charge takes (the sandbox's
 * slow answer is 3 s), so only an instance that died mid-charge loses its claims — and the charge it left is then
 * finished by asking the acquirer again with the same key, never by a second charge.
 */
export const RENEWAL_LEASE_SECONDS = 300;

/** What storing an outcome needs: shops are looked up in those read before its transaction. */
type OutcomeDeps = Omit<GatewayDeps, "shops"> & { shops: Pick<GatewayDeps["shops"], "get"> };
export const BILLING_CYCLES_COMPLETE = "Billing cycles are complete";

/** The moment a subscription lives at: the later of the real time and its test clock. */
function presentOf(row: Pick<SubscriptionRow, "clockAt">, now: Date): Date {
  return row.clockAt && row.clockAt > now ? row.clockAt : now;
}

/**
 * Claims up to `limit` subscriptions whose charge is due, in one short database transaction: `FOR UPDATE SKIP
 * LOCKED` lets every instance's scheduler claim at once without waiting on or taking each other's rows, and the
 * lease hides a claimed row from every claim until it ends. `dueBy` (a test clock) replaces "now" as the time
 * charges must be due by.
 */
export async function claimDueSubscriptions(
  deps: GatewayDeps,
  options: { limit: number; subscriptionId?: string; dueBy?: Date; leaseSeconds?: number },
): Promise<SubscriptionRow[]> {
  return deps.db.transaction((tx) => claimIn(deps, tx, options));
}

async function claimIn(
  deps: GatewayDeps,
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

/**
 * Runs the charges due now (one batch); returns how many subscriptions it claimed. The batch is claimed and its
 * attempts decided in one database transaction, charged at once, and the outcomes stored in one more.
 */
export async function runDueRenewals(
  deps: GatewayDeps,
  options: { limit?: number; subscriptionId?: string; dueBy?: Date; leaseSeconds?: number } = {},
): Promise<number> {
  const { claimed, attempts } = await deps.db.transaction(async (tx) => {
    const rows = await claimIn(deps, tx, { limit: options.limit ?? 50, ...options });
    return { claimed: rows.length, attempts: await decideAttempts(deps, tx, rows) };
  });
  await chargeAndApply(deps, attempts, false);
  return claimed;
}

async function chargeAndApply(deps: GatewayDeps, attempts: Attempt[], first: boolean): Promise<void> {
  const outcomes = await Promise.all(
    attempts.map((attempt) =>
      chargeAttempt(deps, attempt, first).catch((error: unknown) => {
        // The lease runs out and the attempt is taken up again, by its key: never charged twice.
        deps.logger.error(
          { err: error, subscriptionId: attempt.subscription.id },
          "subscription charge failed",
        );
        return null;
      }),
    ),
  );
  const answered = attempts.flatMap((attempt, index) => {
    const outcome = outcomes[index];
    // Still unanswered (another instance is asking about it): the lease runs out and it is taken up again.
    return outcome ? [{ attempt, outcome }] : [];
  });
  if (answered.length > 0) await applyOutcomes(deps, answered, first);
}

interface Attempt {
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
 * Charges the claimed subscription's open billing cycle once: decides the attempt (its uid derived from the cycle's
 * key), asks the acquirer through the payments' money path, and stores the outcome with the state it leads to.
 * `first`: the charge `POST /subscriptions` takes at once, whose failure fails the subscription.
 */
export async function chargeClaimed(
  deps: GatewayDeps,
  claimed: SubscriptionRow,
  options: { first: boolean },
): Promise<void> {
  const attempts = await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, claimed.id);
    // Claimed again by another instance after the lease ended.
    if (!row || row.leaseUntil?.getTime() !== claimed.leaseUntil?.getTime()) return [];
    return decideAttempts(deps, tx, [row]);
  });
  await chargeAndApply(deps, attempts, options.first);
}

/**
 * Decides the attempt of each claimed subscription (rows locked by the caller's transaction), in a few statements
 * for the whole batch: the open cycle, made if there is none — (subscription, cycle number) is the primary key, so
 * a cycle is never made twice — and, unless an attempt is already pending (an instance died during it, and it is
 * resumed under its own uid), the next attempt's uid, derived from the cycle's key.
 */
async function decideAttempts(
  deps: GatewayDeps,
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

interface ChargeOutcome {
  status: "successful" | "failed" | "error";
  bankCode: string | null;
  /** Null when the charge was refused before any transaction was written (e.g. the stored card expired). */
  transactionUid: string | null;
  /** Refused before the acquirer was asked because the stored card has expired. */
  cardExpired?: boolean;
}

function outcomeOfRow(row: TransactionRow): ChargeOutcome | null {
  if (row.status === "incomplete") return null;
  const body = row.body as TransactionBody;
  return {
    status: row.status === "successful" ? "successful" : row.status === "error" ? "error" : "failed",
    bankCode: moneyResultOf(body)?.bank_code ?? null,
    transactionUid: row.uid,
  };
}

async function readTransaction(deps: GatewayDeps, uid: string): Promise<TransactionRow | null> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return row ?? null;
}

async function chargeAttempt(
  deps: GatewayDeps,
  attempt: Attempt,
  first: boolean,
): Promise<ChargeOutcome | null> {
  if (attempt.resumed) {
    const existing = await readTransaction(deps, attempt.uid);
    if (existing) {
      if (existing.status !== "incomplete") return outcomeOfRow(existing);
      // Written, then the instance died before the acquirer's answer was stored: ask again with the same key.
      await recoverUnansweredPayment(deps, existing);
      const recovered = await readTransaction(deps, attempt.uid);
      return recovered ? outcomeOfRow(recovered) : null;
    }
    // Never written, so never asked: the attempt is made now, under the same uid.
  }
  const { subscription, plan, cycle, customer } = attempt;
  const shop = await deps.shops.get(subscription.shopId);
  if (!shop) throw new Error(`Subscription ${subscription.id}: shop ${subscription.shopId} not found`);
  const request = {
    amount: cycle.amount,
    currency: plan.currency,
    description: plan.title.slice(0, 255),
    tracking_id: subscription.trackingId ?? undefined,
    test: subscription.test,
    language: subscription.language ?? plan.language ?? undefined,
    // Renewals of one plan are the same card and amount by design: the cycle's key keeps them apart. The first
    // charge is a shopper's payment like any other, and meets the check.
    duplicate_check: first,
    credit_card: { token: subscription.cardToken },
    additional_data: { contract: ["recurring"] },
    customer: customer ? { email: customer.email, ip: customer.ip } : undefined,
    billing_address: customer
      ? {
          first_name: customer.firstName ?? undefined,
          last_name: customer.lastName ?? undefined,
          address: customer.address ?? undefined,
          city: customer.city ?? undefined,
          country: customer.country ?? undefined,
          zip: customer.zip ?? undefined,
          state: customer.state ?? undefined,
          phone: customer.phone ?? undefined,
        }
      : undefined,
  };
  try {
    const transaction = await createPayment({
      deps,
      shop,
      body: { request },
      type: "payment",
      subscriptionCharge: { uid: attempt.uid, subscriptionId: subscription.id },
    });
    if (transaction.status === "incomplete") return null;
    return {
      status:
        transaction.status === "successful"
          ? "successful"
          : transaction.status === "error"
            ? "error"
            : "failed",
      bankCode: transaction.payment?.bank_code ?? null,
      transactionUid: transaction.uid,
    };
  } catch (error) {
    // The stored card can no longer be charged (expired, gone), or the shop's rules refuse the charge: nothing was
    // written and no money moved; a retry could not do better.
    if (error instanceof GatewayError && error.code === "validation_failed") {
      deps.logger.warn({ subscriptionId: subscription.id, errors: error.details.errors }, "renewal refused");
      const cardExpired = JSON.stringify(error.details.errors ?? {}).includes("expired");
      return { status: "failed", bankCode: null, transactionUid: null, cardExpired };
    }
    throw error;
  }
}

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
async function applyOutcomes(
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
