import { and, count, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { Pagination } from "@/lib/contracts/pagination";
import {
  ALREADY_CANCELED,
  type CancelRequest,
  parseCancelRequest,
  parseTestClockRequest,
  SUBSCRIPTION_STATES,
  type Subscription,
  type SubscriptionState,
  type TestClockRequest,
} from "@/lib/contracts/subscription";
import { type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { recordSubscriptionEvent } from "./events";
import { resumeDuePauses } from "./pause";
import { claimDueSubscriptions } from "./renewal-claim";
import { chargeClaimed } from "./renewals";
import { requireSubscriptionRow } from "./require-subscription";
import { settleRedirectingSubscriptions } from "./subscription-checkout";
import { CHARGEABLE_STATES, canTransition, lockSubscription, transition } from "./transitions";
import { sendTrialReminders } from "./trial-reminders";
import { subscriptionFromRow, subscriptionsFromRows } from "./view";

export { requireSubscriptionRow };

/** GET /subscriptions/{id}. A redirecting subscription whose page has ended is settled first. */
export async function getSubscription(options: {
  deps: GatewayDeps;
  shopId: number;
  id: string;
}): Promise<Subscription> {
  let row = await requireSubscriptionRow(options.deps, options.shopId, options.id);
  if (row.state === "redirecting") {
    await settleRedirectingSubscriptions(options.deps, { subscriptionId: row.id });
    row = await requireSubscriptionRow(options.deps, options.shopId, options.id);
  }
  return subscriptionFromRow(options.deps, options.deps.db, row);
}

export interface SubscriptionFilters {
  state?: string;
  /** States left out (the admin hides abandoned hosted-page visits: `redirecting`, `expired`). */
  excludeStates?: string[];
  customerId?: string;
  planId?: string;
}

/** GET /subscriptions: one page, newest first, filtered by state, customer and plan. */
export async function listSubscriptions(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "keyring">;
  shopId: number;
  filters: SubscriptionFilters;
  pagination: Pagination;
}): Promise<{ subscriptions: Subscription[]; total: number }> {
  const { deps, shopId, filters, pagination } = options;
  if (filters.state !== undefined && !(SUBSCRIPTION_STATES as readonly string[]).includes(filters.state)) {
    throw GatewayError.validation({ state: ["is not included in the list"] });
  }
  if (filters.excludeStates?.some((state) => !(SUBSCRIPTION_STATES as readonly string[]).includes(state))) {
    throw GatewayError.validation({ exclude_state: ["is not included in the list"] });
  }
  if ([filters.customerId, filters.planId].some((value) => value?.includes("\u0000"))) {
    return { subscriptions: [], total: 0 };
  }
  const conditions: SQL[] = [eq(subscriptions.shopId, shopId)];
  if (filters.state) conditions.push(eq(subscriptions.state, filters.state));
  if (filters.excludeStates?.length) conditions.push(notInArray(subscriptions.state, filters.excludeStates));
  if (filters.customerId) conditions.push(eq(subscriptions.customerId, filters.customerId));
  if (filters.planId) conditions.push(eq(subscriptions.planId, filters.planId));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { subscriptions: await subscriptionsFromRows(deps, deps.db, rows), total };
}

/**
 * POST /subscriptions/{id}/cancel's body as the typed request `cancelSubscription` takes, or its 422. The route
 * finds the subscription first: an unknown id is a 404 whatever the body.
 */
export function validateCancel(body: unknown): CancelRequest {
  const parsed = parseCancelRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /subscriptions/{id}/cancel: no charge starts after this commits (the scheduler decides each charge under
 * the same row lock and in a chargeable state only); `active_to` keeps the paid-up date. `subscription` is the
 * shop's, as `requireSubscriptionRow` found it.
 */
export async function cancelSubscription(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">;
  subscription: SubscriptionRow;
  request: CancelRequest;
}): Promise<Subscription> {
  const { deps, request } = options;
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, options.subscription.id);
    const state = current.state as SubscriptionState;
    if (state === "canceled") throw GatewayError.validation({ subscription: [ALREADY_CANCELED] });
    if (!canTransition(state, "canceled"))
      throw GatewayError.validation({ subscription: [`is already ${state}`] });
    const updated = await transition(tx, {
      id: current.id,
      from: state,
      to: "canceled",
      set: { cancelReason: request.cancel_reason, cancelledAt: deps.clock.now(), renewAt: null },
    });
    if (!updated) throw new Error(`Subscription ${current.id} changed under its row lock`);
    await recordSubscriptionEvent(deps, tx, "subscription.canceled", updated);
    return updated;
  });
  deps.outbox.nudge();
  return subscriptionFromRow(deps, deps.db, row);
}

export const TEST_CLOCK_LIVE = "is only for test subscriptions";
export const TEST_CLOCK_PAST = "can't be before the subscription's present";
/** Charges one clock move may run at most (a year of hourly retries is far less). */
const MAX_CLOCK_STEPS = 10_000;

/**
 * POST /subscriptions/{id}/test_clock's body as the typed request `advanceTestClock` takes, or its 422. The route
 * finds the subscription first: an unknown id is a 404 whatever the body.
 */
export function validateTestClock(body: unknown): TestClockRequest {
  const parsed = parseTestClockRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /subscriptions/{id}/test_clock: moves a test subscription's clock to `advance_to`, running every trial
 * reminder, charge, trial end, retry and pause end due on the way, in order, exactly as the scheduler would have at
 * those moments. `subscription` is the shop's, as `requireSubscriptionRow` found it.
 */
export async function advanceTestClock(options: {
  deps: GatewayDeps;
  subscription: SubscriptionRow;
  request: TestClockRequest;
}): Promise<Subscription> {
  const { deps, subscription: initial, request } = options;
  if (!initial.test) throw GatewayError.validation({ advance_to: [TEST_CLOCK_LIVE] });
  const target = new Date(request.advance_to);
  const realNow = deps.clock.now();
  const present = initial.clockAt && initial.clockAt > realNow ? initial.clockAt : realNow;
  if (target < present) throw GatewayError.validation({ advance_to: [TEST_CLOCK_PAST] });
  // A free trial's reminder comes 7 days before its end, so before any charge the clock passes.
  await sendTrialReminders(deps, { subscriptionId: initial.id, dueBy: target });
  // The clock only moves forward, whoever moves it: two moves at once never set it back.
  const moveClock = (id: string, to: Date) =>
    deps.db
      .update(subscriptions)
      .set({
        clockAt: sql`greatest(coalesce(${subscriptions.clockAt}, ${to.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz)`,
      })
      .where(eq(subscriptions.id, id));
  // Another move of this clock holds what is due (its charge is under way): this one stops where it is, rather than
  // put the clock at the target under that charge (which would then pay a period from the target, skipping those
  // between); the answer shows where it stands, and moving it again goes on from there.
  let stopped = false;
  for (let step = 0; step < MAX_CLOCK_STEPS; step++) {
    const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, initial.id));
    // A pause the clock passes the end of: resumed at its `resume_at`, then charged on from there.
    if (row.state === "paused" && row.resumeAt && row.resumeAt <= target) {
      await moveClock(row.id, row.resumeAt > present ? row.resumeAt : present);
      if ((await resumeDuePauses(deps, { subscriptionId: row.id, dueBy: target })) === 0) {
        stopped = true;
        break;
      }
      continue;
    }
    if (!CHARGEABLE_STATES.includes(row.state as SubscriptionState) || !row.renewAt || row.renewAt > target)
      break;
    // The clock stands at the charge's moment while it runs.
    await moveClock(row.id, row.renewAt > present ? row.renewAt : present);
    const [claimed] = await claimDueSubscriptions(deps, { limit: 1, subscriptionId: row.id, dueBy: target });
    if (!claimed) {
      stopped = true;
      break;
    }
    await chargeClaimed(deps, claimed, { first: false });
  }
  if (!stopped) await moveClock(initial.id, target);
  const [done] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, initial.id));
  return subscriptionFromRow(deps, deps.db, done);
}
