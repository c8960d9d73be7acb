import { and, eq } from "drizzle-orm";
import {
  ALREADY_CANCELED,
  type ChangePlanRequest,
  OTHER_CURRENCY,
  PLAN_DOES_NOT_EXIST,
  PLAN_ID_PATTERN,
  parseChangePlanRequest,
  type Subscription,
  type SubscriptionState,
  TEST_PLAN_ONLY,
} from "@/lib/contracts/subscription";
import { type PlanRow, plans, type SubscriptionRow, transactions } from "@/lib/db/schema";
import { periodStartBefore } from "../billing/schedule";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { chargeStoredCard } from "../payments/charge-stored-card";
import { recoverUnansweredPayment } from "../payments/recover-unanswered";
import type { AuthenticatedShop } from "../shops/shop-directory";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { recordSubscriptionEvent } from "./events";
import { planChangeUid } from "./ids";
import { RENEWAL_LEASE_SECONDS } from "./renewal-claim";
import { lockSubscription, updateInState } from "./transitions";
import { subscriptionFromRow } from "./view";

/** States whose plan can change: any that is still billed, or will be again (paused). */
const CHANGEABLE_STATES: readonly SubscriptionState[] = [
  "trial",
  "active",
  "failed_attempt",
  "rescuing",
  "paused",
];

export const PRORATION_DECLINED = "The prorated charge of the plan change was declined";

/**
 * What an upgrade's `now` charges: (new − old amount) × the unused fraction of the period paid for, rounded to the
 * minor unit; 0 for a downgrade (nothing is credited back), outside a paid period (a trial, a pause, a renewal being
 * retried) and once the period has ended.
 */
export function prorationAmount(options: {
  row: Pick<SubscriptionRow, "state" | "activeTo" | "billingAnchor">;
  from: Pick<PlanRow, "amount" | "interval" | "intervalUnit">;
  to: Pick<PlanRow, "amount">;
  at: Date;
}): number {
  const { row, from, to, at } = options;
  const difference = to.amount - from.amount;
  if (difference <= 0 || row.state !== "active" || !row.activeTo || row.activeTo <= at) return 0;
  const start = periodStartBefore(
    row.billingAnchor ?? row.activeTo,
    row.activeTo,
    from.interval,
    from.intervalUnit,
  );
  const period = row.activeTo.getTime() - start.getTime();
  if (period <= 0) return 0;
  const unused = Math.min(1, (row.activeTo.getTime() - at.getTime()) / period);
  return Math.round(difference * unused);
}

function presentOf(row: Pick<SubscriptionRow, "clockAt">, now: Date): Date {
  return row.clockAt && row.clockAt > now ? row.clockAt : now;
}

/** What the first step decided: nothing to do, a change made without a charge, or a charge to make. */
type Step =
  | { kind: "done"; row: SubscriptionRow }
  | { kind: "charge"; row: SubscriptionRow; uid: string; amount: number; plan: PlanRow };

/**
 * POST /subscriptions/{id}/change_plan's body as the typed request `changePlan` takes, or its 422. The route finds
 * the subscription first: an unknown id is a 404 whatever the body.
 */
export function validateChangePlan(body: unknown): ChangePlanRequest {
  const parsed = parseChangePlanRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /subscriptions/{id}/change_plan. `next_cycle` (default): the new plan is kept as pending and the next cycle
 * is made with it (a second change before then replaces it). `now`: the plan changes at once; an upgrade during a
 * paid period first charges its prorated difference, keyed by the change's number (`planChangeUid`) as a renewal is
 * by its cycle's, and the plan changes only once that charge is paid. The same change asked again (the plan it
 * already has or waits for) changes and charges nothing; a change asked while another's charge is at the acquirer
 * is answered 409. `subscription` is the shop's, as `requireSubscriptionRow` found it.
 */
export async function changePlan(options: {
  deps: GatewayDeps;
  subscription: SubscriptionRow;
  request: ChangePlanRequest;
}): Promise<Subscription> {
  const { deps, subscription: initial, request } = options;
  const plan = await requirePlan(deps, initial.shopId, request.plan.id, initial);
  // A change whose charge was left by an instance that died is finished first (by its key, never charged twice).
  if (initial.prorationUid) await finishStaleProration(deps, initial);
  const step = await deps.db.transaction((tx) => decide(deps, tx, initial.id, plan, request));
  let row = step.row;
  if (step.kind === "charge") row = await chargeProration(deps, step);
  deps.outbox.nudge();
  return subscriptionFromRow(deps, deps.db, row);
}

async function requirePlan(
  deps: Pick<GatewayDeps, "db">,
  shopId: number,
  planId: string,
  subscription: SubscriptionRow,
): Promise<PlanRow> {
  const [plan] = PLAN_ID_PATTERN.test(planId)
    ? await deps.db
        .select()
        .from(plans)
        .where(and(eq(plans.id, planId), eq(plans.shopId, shopId)))
    : [];
  if (!plan) throw GatewayError.validation({ plan: { id: [PLAN_DOES_NOT_EXIST] } });
  const [current] = await deps.db.select().from(plans).where(eq(plans.id, subscription.planId));
  if (plan.currency !== current.currency)
    throw GatewayError.validation({ plan: { currency: [OTHER_CURRENCY] } });
  if (subscription.test && !plan.test) throw GatewayError.validation({ plan: { test: [TEST_PLAN_ONLY] } });
  return plan;
}

async function decide(
  deps: Pick<GatewayDeps, "config" | "logger" | "clock" | "keyring">,
  tx: DatabaseTransaction,
  id: string,
  plan: PlanRow,
  request: ChangePlanRequest,
): Promise<Step> {
  const row = await lockSubscription(tx, id);
  const state = row.state as SubscriptionState;
  if (state === "canceled") throw GatewayError.validation({ subscription: [ALREADY_CANCELED] });
  if (!CHANGEABLE_STATES.includes(state))
    throw GatewayError.validation({ subscription: [`is ${state}: its plan can no longer change`] });
  if (row.prorationUid) throw new GatewayError("attempt_in_progress");
  const onPlan = row.planId === plan.id;
  if (request.proration === "next_cycle") {
    // Already so: the same change asked again.
    if ((onPlan && row.pendingPlanId === null) || row.pendingPlanId === plan.id) return { kind: "done", row };
    const updated = await updateInState(tx, {
      id,
      state,
      // Back to the plan it has: no change is waiting any more.
      set: { pendingPlanId: onPlan ? null : plan.id, planChanges: row.planChanges + 1 },
    });
    if (!updated) throw new Error(`Subscription ${id} changed under its row lock`);
    await recordSubscriptionEvent(deps, tx, "subscription.plan_changed", updated);
    return { kind: "done", row: updated };
  }
  if (onPlan && row.pendingPlanId === null) return { kind: "done", row };
  const [current] = await tx.select().from(plans).where(eq(plans.id, row.planId));
  const amount = prorationAmount({ row, from: current, to: plan, at: presentOf(row, deps.clock.now()) });
  const changeNumber = row.planChanges + 1;
  if (amount === 0) {
    const updated = await updateInState(tx, {
      id,
      state,
      set: { planId: plan.id, pendingPlanId: null, planChanges: changeNumber },
    });
    if (!updated) throw new Error(`Subscription ${id} changed under its row lock`);
    await recordSubscriptionEvent(deps, tx, "subscription.plan_changed", updated);
    return { kind: "done", row: updated };
  }
  const uid = planChangeUid(id, changeNumber);
  const updated = await updateInState(tx, {
    id,
    state,
    set: { planChanges: changeNumber, prorationUid: uid, prorationPlanId: plan.id },
  });
  if (!updated) throw new Error(`Subscription ${id} changed under its row lock`);
  return { kind: "charge", row: updated, uid, amount, plan };
}

/** Charges a plan change's prorated difference under its key, then stores the outcome (the plan changes if paid). */
async function chargeProration(
  deps: GatewayDeps,
  step: Extract<Step, { kind: "charge" }>,
): Promise<SubscriptionRow> {
  const { row, uid } = step;
  const shop = await deps.shops.get(row.shopId);
  if (!shop) throw new Error(`Subscription ${row.id}: shop ${row.shopId} not found`);
  return storeProration(deps, row.id, uid, await payProration(deps, shop, step));
}

/** Whether a prorated difference was paid; false too when it was refused before the acquirer was asked. */
async function payProration(
  deps: GatewayDeps,
  shop: AuthenticatedShop,
  step: Extract<Step, { kind: "charge" }>,
): Promise<boolean> {
  const { row, uid, amount, plan } = step;
  // No card kept: nothing can be charged, and the change is declined as a refused charge is.
  if (row.cardToken === null) return false;
  try {
    const transaction = await chargeStoredCard({
      deps,
      shop,
      token: row.cardToken,
      amount,
      currency: plan.currency,
      description: plan.title.slice(0, 255),
      trackingId: row.trackingId ?? undefined,
      test: row.test,
      language: row.language ?? plan.language ?? undefined,
      contract: "recurring",
      uid,
      subscriptionId: row.id,
      // Keyed by the change: the key, not the duplicate check, keeps it from being charged twice.
      duplicateCheck: false,
    });
    return transaction.status === "successful";
  } catch (error) {
    // Refused before the acquirer was asked (the stored card expired): nothing was charged.
    const refused =
      error instanceof GatewayError &&
      (error.code === "card_not_chargeable" || error.code === "validation_failed");
    if (!refused) throw error;
    return false;
  }
}

/** Stores a prorated charge's outcome, once (only while it is still the subscription's pending charge). */
async function storeProration(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring">,
  id: string,
  uid: string,
  successful: boolean,
): Promise<SubscriptionRow> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, id);
    if (current.prorationUid !== uid) return current;
    const state = current.state as SubscriptionState;
    const updated = await updateInState(tx, {
      id,
      state,
      set: successful
        ? {
            planId: current.prorationPlanId as string,
            pendingPlanId: null,
            prorationUid: null,
            prorationPlanId: null,
            lastTransactionUid: uid,
          }
        : { prorationUid: null, prorationPlanId: null },
    });
    if (!updated) throw new Error(`Subscription ${id} changed under its row lock`);
    if (successful) await recordSubscriptionEvent(deps, tx, "subscription.plan_changed", updated);
    return updated;
  });
  if (!successful) throw GatewayError.validation({ base: [PRORATION_DECLINED] });
  return row;
}

/**
 * A prorated charge still marked as asked: if its answer is stored, or the instance asking died (a lease's time has
 * passed), its outcome is taken from its transaction — asked again with the same key when it never got an answer —
 * and stored. Otherwise another request is charging it now, and this one is answered 409 by `decide`.
 */
async function finishStaleProration(deps: GatewayDeps, row: SubscriptionRow): Promise<void> {
  const uid = row.prorationUid as string;
  const [transaction] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  const stale = deps.clock.now().getTime() - row.updatedAt.getTime() > RENEWAL_LEASE_SECONDS * 1000;
  if (!transaction) {
    if (!stale) return;
    // Never written, so never asked: nothing was charged; the change is let go.
    await storeProration(deps, row.id, uid, false).catch(() => undefined);
    return;
  }
  if (transaction.status === "incomplete") {
    if (!stale) return;
    await recoverUnansweredPayment(deps, transaction);
  }
  const [answered] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  if (!answered || answered.status === "incomplete") return;
  await storeProration(deps, row.id, uid, answered.status === "successful").catch(() => undefined);
}
