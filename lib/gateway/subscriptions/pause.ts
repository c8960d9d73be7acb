import { and, asc, eq, lte, sql } from "drizzle-orm";
import {
  ALREADY_PAUSED,
  NOT_PAUSED,
  type PauseRequest,
  parsePauseRequest,
  RESUME_AT_PAST,
  type Subscription,
  type SubscriptionState,
} from "@/lib/contracts/subscription";
import { type PlanRow, plans, type SubscriptionRow, subscriptions } from "@/lib/db/schema";
import { periodEndAfter } from "../billing/schedule";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { recordSubscriptionEvent } from "./events";
import { holdSubscription, notHeld } from "./hold";
import { requireSubscriptionRow } from "./require-subscription";
import { lockSubscription, transition } from "./transitions";
import { subscriptionFromRow } from "./view";

/** The moment a subscription lives at: the later of the real time and its test clock. */
function presentOf(row: Pick<SubscriptionRow, "clockAt">, now: Date): Date {
  return row.clockAt && row.clockAt > now ? row.clockAt : now;
}

/** Only an active subscription pauses: a trial, a failing renewal or an ended one says why not. */
function refusePause(state: SubscriptionState): never {
  if (state === "paused") throw GatewayError.validation({ subscription: [ALREADY_PAUSED] });
  throw GatewayError.validation({
    subscription: [`is ${state}: only an active subscription can be paused`],
  });
}

/**
 * POST /subscriptions/{id}/pause's body (none is `{}`) as the typed request `pauseSubscription` takes, or its 422.
 * The route finds the subscription first: an unknown id is a 404 whatever the body.
 */
export function validatePause(body: unknown): PauseRequest {
  const parsed = parsePauseRequest(body);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /subscriptions/{id}/pause: `active` → `paused`. Nothing is charged or retried while paused (the claim takes
 * chargeable states only, and `renew_at` is cleared); the period already paid stays paid (`active_to`). With
 * `resume_at` it resumes by itself then (the scheduler, or a test clock that passes it). `subscription` is the
 * shop's, as `requireSubscriptionRow` found it.
 */
export async function pauseSubscription(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">;
  subscription: SubscriptionRow;
  request: PauseRequest;
}): Promise<Subscription> {
  const { deps, request } = options;
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, options.subscription.id);
    const state = current.state as SubscriptionState;
    if (state !== "active") refusePause(state);
    const present = presentOf(current, deps.clock.now());
    const resumeAt = request.resume_at ? new Date(request.resume_at) : null;
    if (resumeAt && resumeAt <= present) throw GatewayError.validation({ resume_at: [RESUME_AT_PAST] });
    const updated = await transition(tx, {
      id: current.id,
      from: "active",
      to: "paused",
      set: { pausedAt: present, resumeAt, renewAt: null },
    });
    if (!updated) throw new Error(`Subscription ${current.id} changed under its row lock`);
    await recordSubscriptionEvent(deps, tx, "subscription.paused", updated);
    return updated;
  });
  deps.outbox.nudge();
  return subscriptionFromRow(deps, deps.db, row);
}

/**
 * Moves a paused subscription (locked by the caller) back to `active` at `at`: its next charge is the first
 * anniversary of its billing anchor after `at` — the paid-up date when it resumes before that, never a date that
 * leaves a paid period uncovered or charges a period twice.
 */
async function resumeLocked(
  deps: Pick<GatewayDeps, "keyring" | "config" | "logger" | "clock">,
  tx: DatabaseTransaction,
  row: SubscriptionRow,
  at: Date,
): Promise<SubscriptionRow | null> {
  const [plan] = (await tx.select().from(plans).where(eq(plans.id, row.planId))) as PlanRow[];
  const anchor = row.billingAnchor ?? row.activeTo ?? at;
  const renewAt = periodEndAfter(anchor, at, plan.interval, plan.intervalUnit);
  const updated = await transition(tx, {
    id: row.id,
    from: "paused",
    to: "active",
    set: { pausedAt: null, resumeAt: null, renewAt, leaseUntil: null },
  });
  if (updated) await recordSubscriptionEvent(deps, tx, "subscription.resumed", updated);
  return updated;
}

/** POST /subscriptions/{id}/resume: `paused` → `active` now. */
export async function resumeSubscription(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">;
  shopId: number;
  id: string;
}): Promise<Subscription> {
  const { deps } = options;
  await requireSubscriptionRow(deps, options.shopId, options.id);
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, options.id);
    if (current.state !== "paused") throw GatewayError.validation({ subscription: [NOT_PAUSED] });
    const updated = await resumeLocked(deps, tx, current, presentOf(current, deps.clock.now()));
    if (!updated) throw new Error(`Subscription ${current.id} changed under its row lock`);
    return updated;
  });
  deps.outbox.nudge();
  return subscriptionFromRow(deps, deps.db, row);
}

/**
 * Resumes the paused subscriptions whose `resume_at` has come, each at its `resume_at` (so its anniversaries count
 * from then, whenever the scheduler looks): claimed with `FOR UPDATE SKIP LOCKED`, each in a savepoint of its own,
 * so one that cannot be resumed is held for the operator and never blocks the others. `dueBy` (a test clock)
 * replaces "now". Returns how many were resumed.
 */
export async function resumeDuePauses(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">,
  options: { limit?: number; subscriptionId?: string; dueBy?: Date } = {},
): Promise<number> {
  const resumed = await deps.db.transaction(async (tx) => {
    const now = deps.clock.sqlNow();
    const dueBy = options.dueBy
      ? sql`${options.dueBy.toISOString()}::timestamptz`
      : sql`greatest(${now}, coalesce(${subscriptions.clockAt}, ${now}))`;
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.state, "paused"),
          lte(subscriptions.resumeAt, dueBy),
          notHeld(),
          options.subscriptionId ? eq(subscriptions.id, options.subscriptionId) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.resumeAt))
      .limit(options.limit ?? 50)
      .for("update", { skipLocked: true });
    let count = 0;
    for (const row of due) {
      try {
        await tx.transaction(async (savepoint) => {
          if (await resumeLocked(deps, savepoint, row, row.resumeAt as Date)) count += 1;
        });
      } catch (error) {
        await holdSubscription(deps, tx, row.id, error);
      }
    }
    return count;
  });
  if (resumed > 0) deps.outbox.nudge();
  return resumed;
}
