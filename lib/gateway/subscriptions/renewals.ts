import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
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
import type { DatabaseTransaction } from "../payments/finish-money-transaction";
import { recoverUnansweredPayment } from "../payments/recover-unanswered";
import type { TransactionBody } from "../tokenization/build-transaction";
import { moneyResultOf } from "../transactions/money-transaction-body";
import { recordSubscriptionEvent, type SubscriptionEventDeps } from "./events";
import { cycleAttemptUid } from "./ids";
import {
  addInterval,
  classifyFailure,
  type FailureKind,
  nextDaytime,
  PROCESSOR_ERROR_RETRY_SECONDS,
  SOFT_DECLINE_RETRY_SECONDS,
} from "./schedule";
import { CHARGEABLE_STATES, transition, updateInState } from "./transitions";

/**
 * How long a claim keeps a subscription from every other scheduler: far longer than a charge takes (the sandbox's
 * slow answer is 3 s), so only an instance that died mid-charge loses its claims — and the charge it left is then
 * finished by asking the acquirer again with the same key, never by a second charge.
 */
export const RENEWAL_LEASE_SECONDS = 300;

/** What storing an outcome needs: shops are looked up in those read before its transaction. */
type OutcomeDeps = Omit<GatewayDeps, "shops"> & SubscriptionEventDeps;
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
  const due = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.state, [...CHARGEABLE_STATES]),
        lte(subscriptions.renewAt, dueBy),
        or(isNull(subscriptions.leaseUntil), lte(subscriptions.leaseUntil, now)),
        options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.renewAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(subscriptions)
    .set({
      leaseUntil: sql`${now} + make_interval(secs => ${options.leaseSeconds ?? RENEWAL_LEASE_SECONDS})`,
    })
    .where(
      inArray(
        subscriptions.id,
        due.map((row) => row.id),
      ),
    )
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
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, claimed.id)).for("update");
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
  const chargeable = rows.filter(
    (row) => CHARGEABLE_STATES.includes(row.state as SubscriptionState) && row.cardToken !== null,
  );
  if (chargeable.length === 0) return [];
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
  const openCycles = () =>
    tx
      .select()
      .from(subscriptionCycles)
      .where(and(inArray(subscriptionCycles.subscriptionId, ids), eq(subscriptionCycles.state, "open")))
      .orderBy(asc(subscriptionCycles.cycleNumber));
  let open = await openCycles();
  const missing = chargeable.filter((row) => !open.some((cycle) => cycle.subscriptionId === row.id));
  if (missing.length > 0) {
    await tx
      .insert(subscriptionCycles)
      .values(
        missing.map((row) => ({
          subscriptionId: row.id,
          cycleNumber: row.paidBillingCycles + 1,
          amount: (planById.get(row.planId) as PlanRow).amount,
        })),
      )
      .onConflictDoNothing();
    open = await openCycles();
  }
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

interface ChargeOutcome {
  status: "successful" | "failed" | "error";
  bankCode: string | null;
  /** Null when the charge was refused before any transaction was written (e.g. the stored card expired). */
  transactionUid: string | null;
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
      return { status: "failed", bankCode: null, transactionUid: null };
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

/** Stores the outcomes of a batch in one database transaction, each with the state it leads to and its events. */
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
    for (const { attempt, outcome } of sorted) {
      const row = rowById.get(attempt.subscription.id);
      if (row) await applyOutcome(inTransaction, tx, row, attempt, outcome, first);
    }
  });
  deps.outbox.nudge();
}

async function applyOutcome(
  deps: OutcomeDeps,
  tx: DatabaseTransaction,
  row: SubscriptionRow,
  attempt: Attempt,
  outcome: ChargeOutcome,
  first: boolean,
): Promise<void> {
  const { plan, at } = attempt;
  const cycleNumber = attempt.cycle.cycleNumber;
  const state = row.state as SubscriptionState;
  const live = CHARGEABLE_STATES.includes(state);
  const last = outcome.transactionUid ? { lastTransactionUid: outcome.transactionUid } : {};
  const successful = outcome.status === "successful";
  const kind =
    outcome.transactionUid === null || outcome.status === "successful"
      ? "hard"
      : classifyFailure(outcome.status, outcome.bankCode);
  // The attempt's count is the cycle's: nothing changes a cycle while an attempt of it is pending.
  const exhausted = attempt.cycle.attempts >= plan.numberPaymentAttempts;
  const retry = !successful && live && !first && kind !== "hard" && !exhausted;
  // Stored once: only while this attempt is still the cycle's pending one (another instance that resumed it and
  // stored its outcome first leaves nothing to do here).
  const [cycle] = await tx
    .update(subscriptionCycles)
    .set({
      state: successful ? "paid" : retry ? "open" : "closed",
      paidUid: successful ? outcome.transactionUid : null,
      pendingUid: null,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(
      and(
        eq(subscriptionCycles.subscriptionId, row.id),
        eq(subscriptionCycles.cycleNumber, cycleNumber),
        eq(subscriptionCycles.pendingUid, attempt.uid),
      ),
    )
    .returning({ cycleNumber: subscriptionCycles.cycleNumber });
  if (!cycle) return;
  if (successful) await paid(deps, tx, { row, plan, cycleNumber, at, first, last, live });
  else await failed(deps, tx, { row, plan, at, kind, retry, last, live, first });
}

async function paid(
  deps: OutcomeDeps,
  tx: DatabaseTransaction,
  input: {
    row: SubscriptionRow;
    plan: PlanRow;
    cycleNumber: number;
    at: Date;
    first: boolean;
    last: { lastTransactionUid?: string };
    live: boolean;
  },
): Promise<void> {
  const { row, plan, cycleNumber, at, first, last, live } = input;
  const state = row.state as SubscriptionState;
  const counted = cycleNumber >= 1;
  const paidCycles = row.paidBillingCycles + (counted ? 1 : 0);
  const common = {
    ...last,
    paidBillingCycles: paidCycles,
    numberFailedPaymentAttempts: 0,
    lastFailure: null,
    leaseUntil: null,
  };
  // The trial's own charge, taken when the subscription starts: the trial runs on, its end is the next charge.
  if (first && state === "trial") {
    const updated = await updateInState(tx, { id: row.id, state, set: common });
    if (updated) await recordSubscriptionEvent(deps, tx, "subscription.renewed", updated);
    return;
  }
  // The period this cycle pays for starts where the last one ended (the anchor is kept through late retries).
  const start =
    row.activeTo && addInterval(row.activeTo, plan.interval, plan.intervalUnit) > at ? row.activeTo : at;
  const activeTo = addInterval(start, plan.interval, plan.intervalUnit);
  if (!live) {
    // Canceled while this charge was already at the acquirer: the cycle it paid still counts.
    await updateInState(tx, { id: row.id, state, set: { ...common, activeTo } });
    return;
  }
  const complete = plan.billingCycles !== null && paidCycles >= plan.billingCycles;
  if (complete) {
    const updated = await transition(tx, {
      id: row.id,
      from: state,
      to: "canceled",
      set: {
        ...common,
        activeTo,
        renewAt: null,
        cancelReason: BILLING_CYCLES_COMPLETE,
        cancelledAt: deps.clock.now(),
      },
    });
    if (updated) {
      await recordSubscriptionEvent(deps, tx, "subscription.renewed", updated);
      await recordSubscriptionEvent(deps, tx, "subscription.canceled", updated);
    }
    return;
  }
  const renewAt = await chargeTime(deps, plan, row.shopId, activeTo);
  const updated = await transition(tx, {
    id: row.id,
    from: state,
    to: "active",
    set: { ...common, activeTo, renewAt },
  });
  if (updated) await recordSubscriptionEvent(deps, tx, "subscription.renewed", updated);
}

async function failed(
  deps: OutcomeDeps,
  tx: DatabaseTransaction,
  input: {
    row: SubscriptionRow;
    plan: PlanRow;
    at: Date;
    kind: FailureKind;
    retry: boolean;
    last: { lastTransactionUid?: string };
    live: boolean;
    first: boolean;
  },
): Promise<void> {
  const { row, plan, at, kind, retry, last, live, first } = input;
  const state = row.state as SubscriptionState;
  const common = {
    ...last,
    numberFailedPaymentAttempts: row.numberFailedPaymentAttempts + 1,
    lastFailure: kind,
    leaseUntil: null,
  };
  if (!live) {
    await updateInState(tx, { id: row.id, state, set: common });
    return;
  }
  if (retry) {
    const wait = kind === "soft" ? SOFT_DECLINE_RETRY_SECONDS : PROCESSOR_ERROR_RETRY_SECONDS;
    const renewAt = await chargeTime(deps, plan, row.shopId, new Date(at.getTime() + wait * 1000));
    const to = state === "failed_attempt" || state === "rescuing" ? "rescuing" : "failed_attempt";
    const updated = await transition(tx, { id: row.id, from: state, to, set: { ...common, renewAt } });
    if (updated) await recordSubscriptionEvent(deps, tx, "subscription.renewal_failed", updated);
    return;
  }
  // The first charge failing, a hard decline, or the attempts ran out: `error` when the last attempt of a renewal
  // met a processor error.
  const to = !first && kind === "error" ? "error" : "failed";
  const updated = await transition(tx, { id: row.id, from: state, to, set: { ...common, renewAt: null } });
  if (updated) {
    if (!first) await recordSubscriptionEvent(deps, tx, "subscription.renewal_failed", updated);
    await recordSubscriptionEvent(deps, tx, "subscription.failed", updated);
  }
}
