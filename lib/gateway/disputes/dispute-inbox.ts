import { eq, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { disputeEvents } from "@/lib/db/schema";
import type { AcquirerDisputeEvent } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import { applyDisputeEvent, type DisputeEventOutcome } from "./apply-dispute-event";

/** How long a claimed event is hidden from other instances while it is applied. */
const LEASE_SECONDS = 60;
/** An event that still cannot be applied after this many tries (about a day of back-off) is kept, discarded. */
const MAX_ATTEMPTS = 20;

/**
 * The acquirer's dispute events, taken into the database once each (its `eventId` is the row's key), whichever way
 * they came: pushed by the acquirer to an endpoint of its adapter, or read by `pollAcquirerDisputes`.
 */
export async function receiveDisputeEvents(
  deps: Pick<GatewayDeps, "db" | "clock">,
  events: readonly AcquirerDisputeEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(disputeEvents)
    .values(
      events.map((event) => ({
        id: event.eventId,
        payload: event,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Reads what a polled acquirer has for the gateway (nothing for one that pushes, or has no disputes). */
export async function pollAcquirerDisputes(
  deps: Pick<GatewayDeps, "db" | "clock" | "acquirer">,
): Promise<number> {
  const events = (await deps.acquirer.pollDisputeEvents?.()) ?? [];
  await receiveDisputeEvents(deps, events);
  return events.length;
}

/**
 * Applies the due events, oldest first: claimed with FOR UPDATE SKIP LOCKED under a lease, so instances never apply
 * one twice, and each applied in a transaction of its own, so one that fails (its payment not written yet, a bug)
 * is tried again later with back-off and never holds the others back.
 */
export async function applyDueDisputeEvents(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">,
  limit = 20,
): Promise<number> {
  const now = deps.clock.sqlNow();
  const claimed = await queryRows<{ id: string; payload: AcquirerDisputeEvent | string; attempts: number }>(
    deps.db,
    sql`update dispute_events set next_attempt_at = ${now} + make_interval(secs => ${LEASE_SECONDS})
        where id in (
          select id from dispute_events
          where status = 'pending' and next_attempt_at <= ${now}
          order by payload->>'occurredAt', id
          limit ${limit}
          for update skip locked
        )
        returning id, payload, attempts`,
  );
  const events = claimed
    .map((row) => ({
      id: row.id,
      attempts: Number(row.attempts),
      event: (typeof row.payload === "string"
        ? JSON.parse(row.payload)
        : row.payload) as AcquirerDisputeEvent,
    }))
    .sort((a, b) => a.event.occurredAt.localeCompare(b.event.occurredAt));
  let applied = 0;
  for (const { id, attempts, event } of events) {
    let outcome: DisputeEventOutcome;
    try {
      outcome = await applyDisputeEvent(deps, event);
    } catch (error) {
      deps.logger.warn({ err: error, disputeEventId: id }, "dispute event could not be applied");
      outcome = { kind: "retry", reason: (error as Error).message || "failed" };
    }
    if (outcome.kind === "applied") applied += 1;
    await recordOutcome(deps, id, attempts, outcome);
  }
  if (applied > 0) deps.outbox.nudge();
  return applied;
}

async function recordOutcome(
  deps: Pick<GatewayDeps, "db" | "clock">,
  id: string,
  attempts: number,
  outcome: DisputeEventOutcome,
): Promise<void> {
  const now = deps.clock.now();
  const tried = attempts + 1;
  const giveUp = outcome.kind === "retry" && tried >= MAX_ATTEMPTS;
  await deps.db
    .update(disputeEvents)
    .set({
      status:
        outcome.kind === "applied"
          ? "applied"
          : outcome.kind === "discarded" || giveUp
            ? "discarded"
            : "pending",
      attempts: tried,
      lastError: outcome.kind === "applied" ? null : outcome.reason,
      // Back-off while it cannot be applied yet: 2 s, 4 s, … up to an hour.
      nextAttemptAt:
        outcome.kind === "retry" ? new Date(now.getTime() + Math.min(2 ** tried, 3_600) * 1_000) : now,
      updatedAt: now,
    })
    .where(eq(disputeEvents.id, id));
}
