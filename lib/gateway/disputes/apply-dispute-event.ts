import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { majorToMinorUnits } from "@/lib/contracts/amount-limits";
import { isCurrencyCode } from "@/lib/contracts/currencies";
import {
  DISPUTE_REASONS,
  type DisputeEvent,
  type DisputeReason,
  type DisputeStatus,
} from "@/lib/contracts/dispute";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { queryRows } from "@/lib/db/client";
import { type DisputeRow, disputes, earlyFraudWarnings, shops, type TransactionRow } from "@/lib/db/schema";
import type { AcquirerDisputeEvent } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import {
  disputeNoticeUrls,
  queueDisputeEvents,
  queueEarlyFraudWarning,
  writeChargebackTransaction,
} from "./dispute-notices";
import { cancelSubscriptionForFraud } from "./dispute-subscriptions";
import { newDisputeId } from "./dispute-view";
import { type ChargeRow, readCharge } from "./disputed-charge";

/** Days the merchant has to answer: an inquiry's and a chargeback's, as the networks commonly allow. */
export const EVIDENCE_DAYS = { inquiry: 10, chargeback: 7 } as const;

/** What applying an event came to: done, nothing to do (it changes nothing now), or not yet (tried again later). */
export type DisputeEventOutcome =
  | { kind: "applied" }
  | { kind: "discarded"; reason: string }
  | { kind: "retry"; reason: string };

function reasonOf(reason: string): DisputeReason {
  return (DISPUTE_REASONS as readonly string[]).includes(reason) ? (reason as DisputeReason) : "general";
}

/**
 * Applies one event of the acquirer's, in its own database transaction: the disputed charge is locked first (the
 * lock every refund of it takes in tessera_reserve_child), so what a chargeback takes and what refunds take are
 * decided one after the other and never overlap.
 */
export async function applyDisputeEvent(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring">,
  event: AcquirerDisputeEvent,
): Promise<DisputeEventOutcome> {
  return deps.db.transaction(async (tx) => {
    const charge = await readCharge(tx, event.transactionUid, { lock: true });
    if (!charge) return { kind: "retry", reason: "the disputed transaction is not written (yet)" };
    if (charge.type !== "payment" && charge.type !== "capture")
      return { kind: "discarded", reason: `a ${charge.type} cannot be disputed` };
    if (charge.status !== "successful") return { kind: "discarded", reason: "the transaction took no money" };
    // Test disputes only ever come of test transactions, and live ones of live transactions.
    if (charge.test !== event.test) return { kind: "discarded", reason: "test and live do not mix" };
    const [shop] = await tx
      .select({ settings: shops.settings })
      .from(shops)
      .where(eq(shops.id, charge.shopId));
    const settings = shopSettingsSchema.parse(shop.settings);
    const urls = disputeNoticeUrls(charge, settings.notification_url);
    const now = deps.clock.now();
    if (event.kind === "early_fraud_warning") return openWarning(tx, charge, event, urls, now);
    const [existing] = await tx.select().from(disputes).where(eq(disputes.acquirerRef, event.disputeRef));
    if (event.action === "opened") {
      if (existing) return { kind: "discarded", reason: "already opened" };
      return openDispute(deps, tx, { charge, event, urls, now, fee: settings.dispute_fee, settings });
    }
    if (!existing) return { kind: "retry", reason: "the dispute is not opened (yet)" };
    if (event.action === "escalated")
      return escalate(tx, { charge, dispute: existing, urls, now, fee: settings.dispute_fee });
    const outcome: DisputeStatus =
      event.action === "won" ? "won" : event.action === "lost" ? "lost" : "warning_closed";
    const moved = await decideDispute(tx, existing, outcome, charge.trackingId, urls, now);
    return moved ? { kind: "applied" } : { kind: "discarded", reason: `cannot move from ${existing.status}` };
  });
}

/** What of the charge is left to dispute: not refunded (nor being refunded), nor charged back already. */
export async function undisputedAmount(
  tx: DatabaseTransaction | GatewayDeps["db"],
  charge: Pick<TransactionRow, "uid" | "amount">,
): Promise<number> {
  const [row] = await queryRows<{ taken: string }>(
    tx,
    sql`select (coalesce((select sum(amount) from transactions
                           where parent_uid = ${charge.uid} and type = 'refund'
                             and status in ('successful', 'incomplete')), 0)
              + coalesce((select sum(amount) from disputes
                           where transaction_uid = ${charge.uid} and kind = 'chargeback'
                             and status in ('needs_response', 'under_review', 'lost')), 0))::text as taken`,
  );
  return Math.max(0, charge.amount - Number(row?.taken ?? 0));
}

function feeOf(fee: number, currency: string): number {
  return isCurrencyCode(currency) ? majorToMinorUnits(fee, currency) : 0;
}

async function openDispute(
  deps: Pick<GatewayDeps, "config" | "logger" | "clock" | "keyring">,
  tx: DatabaseTransaction,
  options: {
    charge: ChargeRow;
    event: AcquirerDisputeEvent;
    urls: string[];
    now: Date;
    fee: number;
    settings: ReturnType<typeof shopSettingsSchema.parse>;
  },
): Promise<DisputeEventOutcome> {
  const { charge, event, urls, now } = options;
  const left = await undisputedAmount(tx, charge);
  // As an issuer that sees the credit would: nothing is disputed of what was refunded.
  const amount = event.amount === null ? left : Math.min(event.amount, left);
  if (amount <= 0) return { kind: "discarded", reason: "nothing of the payment is left to dispute" };
  const chargeback = event.kind === "chargeback";
  const due = new Date(now.getTime() + EVIDENCE_DAYS[chargeback ? "chargeback" : "inquiry"] * 86_400_000);
  const [dispute] = await tx
    .insert(disputes)
    .values({
      id: newDisputeId(),
      shopId: charge.shopId,
      transactionUid: charge.uid,
      acquirerRef: event.disputeRef,
      kind: chargeback ? "chargeback" : "inquiry",
      reason: reasonOf(event.reason),
      networkReasonCode: event.networkReasonCode,
      amount,
      currency: charge.currency,
      status: chargeback ? "needs_response" : "warning_needs_response",
      evidenceDueBy: due,
      fee: chargeback ? feeOf(options.fee, charge.currency) : 0,
      fundsWithdrawnAt: chargeback ? now : null,
      test: charge.test,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const events: DisputeEvent[] = chargeback
    ? ["dispute.created", "dispute.funds_withdrawn"]
    : ["dispute.created"];
  if (chargeback) {
    const uid = await writeChargebackTransaction(tx, charge, dispute, urls, now);
    await tx.update(disputes).set({ chargebackUid: uid }).where(eq(disputes.id, dispute.id));
    dispute.chargebackUid = uid;
  }
  await queueDisputeEvents(tx, dispute, charge.trackingId, events, urls, now);
  if (dispute.reason === "fraudulent" && options.settings.cancel_subscriptions_on_fraud_dispute) {
    await cancelSubscriptionForFraud(deps, tx, charge, dispute);
  }
  return { kind: "applied" };
}

async function escalate(
  tx: DatabaseTransaction,
  options: { charge: ChargeRow; dispute: DisputeRow; urls: string[]; now: Date; fee: number },
): Promise<DisputeEventOutcome> {
  const escalated = await escalateInquiry(tx, options);
  return escalated
    ? { kind: "applied" }
    : { kind: "discarded", reason: `cannot escalate from ${options.dispute.status}` };
}

/**
 * An inquiry the bank turns into a chargeback: the money (what is left of the inquiry's amount) and the fee leave the
 * merchant's balance now, under the charge's lock, and a `chargeback` transaction reports it. False when the inquiry
 * is no longer open (closed, or escalated already).
 */
export async function escalateInquiry(
  tx: DatabaseTransaction,
  options: { charge: ChargeRow; dispute: DisputeRow; urls: string[]; now: Date; fee: number },
): Promise<boolean> {
  const { charge, dispute, urls, now } = options;
  const amount = Math.min(dispute.amount, await undisputedAmount(tx, charge));
  if (amount <= 0) return false;
  const [row] = await tx
    .update(disputes)
    .set({
      kind: "chargeback",
      status: "needs_response",
      amount,
      fee: feeOf(options.fee, charge.currency),
      fundsWithdrawnAt: now,
      // A new answer is due: the chargeback's own time, from now.
      evidenceDueBy: new Date(now.getTime() + EVIDENCE_DAYS.chargeback * 86_400_000),
      submittedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(disputes.id, dispute.id),
        inArray(disputes.status, ["warning_needs_response", "warning_under_review"]),
      ),
    )
    .returning();
  if (!row) return false;
  const uid = await writeChargebackTransaction(tx, charge, row, urls, now);
  await tx.update(disputes).set({ chargebackUid: uid }).where(eq(disputes.id, row.id));
  row.chargebackUid = uid;
  await queueDisputeEvents(
    tx,
    row,
    charge.trackingId,
    ["dispute.updated", "dispute.funds_withdrawn"],
    urls,
    now,
  );
  return true;
}

/** The states each outcome may be reached from (forward only; the database's trigger holds the same table). */
const REACHED_FROM: Record<
  "won" | "lost" | "warning_closed" | "under_review" | "warning_under_review",
  DisputeStatus[]
> = {
  won: ["needs_response", "under_review"],
  lost: ["needs_response", "under_review"],
  warning_closed: ["warning_needs_response", "warning_under_review"],
  under_review: ["needs_response"],
  warning_under_review: ["warning_needs_response"],
};

/**
 * Moves a dispute to its outcome (won, lost, an inquiry closed) when it may still reach it, with its events: a won
 * chargeback's money and fee come back (`dispute.funds_reinstated`). False when the dispute had moved past it (a late
 * or repeated event): nothing changes.
 */
export async function decideDispute(
  tx: DatabaseTransaction,
  dispute: DisputeRow,
  outcome: "won" | "lost" | "warning_closed",
  trackingId: string | null,
  urls: readonly string[],
  now: Date,
): Promise<boolean> {
  const won = outcome === "won";
  const [row] = await tx
    .update(disputes)
    .set({ status: outcome, updatedAt: now, closedAt: now, ...(won ? { fundsReinstatedAt: now } : {}) })
    .where(and(eq(disputes.id, dispute.id), inArray(disputes.status, REACHED_FROM[outcome])))
    .returning();
  if (!row) return false;
  await queueDisputeEvents(
    tx,
    row,
    trackingId,
    won ? ["dispute.closed", "dispute.funds_reinstated"] : ["dispute.closed"],
    urls,
    now,
  );
  return true;
}

async function openWarning(
  tx: DatabaseTransaction,
  charge: ChargeRow,
  event: AcquirerDisputeEvent,
  urls: string[],
  now: Date,
): Promise<DisputeEventOutcome> {
  const id = `efw_${randomBytes(8).toString("hex")}`;
  const inserted = await tx
    .insert(earlyFraudWarnings)
    .values({
      id,
      shopId: charge.shopId,
      transactionUid: charge.uid,
      fraudType: event.reason === "fraudulent" ? "unauthorized_use_of_card" : event.reason,
      test: charge.test,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return { kind: "discarded", reason: "already reported" };
  const actionable = (await undisputedAmount(tx, charge)) > 0;
  await queueEarlyFraudWarning(
    tx,
    {
      id,
      shopId: charge.shopId,
      transactionUid: charge.uid,
      fraudType: inserted[0].fraudType,
      actionable,
      test: charge.test,
      createdAt: now,
    },
    urls,
  );
  return { kind: "applied" };
}
