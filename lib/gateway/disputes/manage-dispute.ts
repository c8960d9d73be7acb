import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import {
  DISPUTE_ID_PATTERN,
  DISPUTE_STATUSES,
  type Dispute,
  type DisputeEvidence,
  type DisputeStatus,
  type DisputeTimelineEntry,
  type EvidenceRequest,
  parseEvidenceRequest,
} from "@/lib/contracts/dispute";
import type { ErrorTree } from "@/lib/contracts/errors";
import { INVALID } from "@/lib/contracts/messages";
import type { Pagination } from "@/lib/contracts/pagination";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { type DisputeRow, disputes, shops, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { parseDateBound } from "../transactions/list-transactions";
import { decideDispute } from "./apply-dispute-event";
import { assertAnswerable, DISPUTE_CLOSED, lockDispute } from "./dispute-lock";
import { disputeNoticeUrls, queueDisputeEvents } from "./dispute-notices";
import { disputeTimeline } from "./dispute-timeline";
import { disputeFromRow } from "./dispute-view";
import { readCharge } from "./disputed-charge";
import { evidenceFilesOf } from "./evidence-files";

export { DISPUTE_CLOSED, EVIDENCE_PAST_DUE, EVIDENCE_SUBMITTED } from "./dispute-lock";
export const ALREADY_ACCEPTED = "Dispute is already lost";

async function trackingIdOf(db: Pick<GatewayDeps["db"], "select">, uid: string): Promise<string | null> {
  const [row] = await db
    .select({ trackingId: transactions.trackingId })
    .from(transactions)
    .where(eq(transactions.uid, uid));
  return row?.trackingId ?? null;
}

export async function getDispute(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  id: string;
}): Promise<Dispute> {
  const { deps } = options;
  if (!DISPUTE_ID_PATTERN.test(options.id)) throw new GatewayError("record_not_found");
  const [row] = await deps.db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, options.id), eq(disputes.shopId, options.shopId)));
  if (!row) throw new GatewayError("record_not_found");
  const [trackingId, files] = await Promise.all([
    trackingIdOf(deps.db, row.transactionUid),
    evidenceFilesOf(deps.db, [row.id]),
  ]);
  return disputeFromRow(row, trackingId, deps.clock.now(), files.get(row.id) ?? []);
}

/** GET /disputes/{id}/timeline: what happened to the shop's dispute, oldest first. */
export async function getDisputeTimeline(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
}): Promise<DisputeTimelineEntry[]> {
  const { deps } = options;
  if (!DISPUTE_ID_PATTERN.test(options.id)) throw new GatewayError("record_not_found");
  const [row] = await deps.db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, options.id), eq(disputes.shopId, options.shopId)));
  if (!row) throw new GatewayError("record_not_found");
  const files = await evidenceFilesOf(deps.db, [row.id]);
  return disputeTimeline(row, files.get(row.id) ?? []);
}

/** `?order=` of GET /disputes: the newest first (default), or the answer due soonest first, as a to-do list. */
export const DISPUTE_ORDERS = ["created", "due"] as const;

export interface DisputeFilters {
  order?: (typeof DISPUTE_ORDERS)[number];
  /** Test disputes only (true) or live ones only (false); both when absent. */
  test?: boolean;
  status?: DisputeStatus;
  transactionUid?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

/** `?status=&transaction_uid=&test=&order=&created_from=&created_to=` of GET /disputes; a bad value is a 422 naming it. */
export function parseDisputeFilters(query: Record<string, string | undefined>): DisputeFilters {
  const filters: DisputeFilters = {};
  const errors: ErrorTree = {};
  if (query.status) {
    if ((DISPUTE_STATUSES as readonly string[]).includes(query.status))
      filters.status = query.status as DisputeStatus;
    else errors.status = [`is not one of ${DISPUTE_STATUSES.join(", ")}`];
  }
  if (query.transaction_uid) {
    // As GET /transactions' parent_uid: what cannot be a uid is a mistake worth naming.
    if (isTransactionUid(query.transaction_uid)) filters.transactionUid = query.transaction_uid;
    else errors.transaction_uid = [INVALID];
  }
  if (query.test === "true" || query.test === "false") filters.test = query.test === "true";
  else if (query.test) errors.test = [INVALID];
  if (query.order) {
    const order = DISPUTE_ORDERS.find((known) => known === query.order);
    if (order) filters.order = order;
    else errors.order = [`is not one of ${DISPUTE_ORDERS.join(", ")}`];
  }
  for (const [key, bound] of [
    ["created_from", "lower"],
    ["created_to", "upper"],
  ] as const) {
    const value = query[key];
    if (!value) continue;
    const at = parseDateBound(value, bound);
    if (!at) errors[key] = [INVALID];
    else if (key === "created_from") filters.createdFrom = at;
    else filters.createdTo = at;
  }
  if (Object.keys(errors).length > 0) throw GatewayError.validation(errors);
  return filters;
}

/**
 * GET /disputes: the shop's disputes, newest first; with `order=due`, those waiting for an answer first, the one
 * due soonest on top, then the others newest first.
 */
export async function listDisputes(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  filters: DisputeFilters;
  pagination: Pagination;
}): Promise<{ disputes: Dispute[]; total: number }> {
  const { deps, filters, pagination } = options;
  const conditions: SQL[] = [eq(disputes.shopId, options.shopId)];
  if (filters.status) conditions.push(eq(disputes.status, filters.status));
  if (filters.test !== undefined) conditions.push(eq(disputes.test, filters.test));
  if (filters.transactionUid) conditions.push(eq(disputes.transactionUid, filters.transactionUid));
  if (filters.createdFrom) conditions.push(gte(disputes.createdAt, filters.createdFrom));
  if (filters.createdTo) conditions.push(lte(disputes.createdAt, filters.createdTo));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ dispute: disputes, trackingId: transactions.trackingId })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.uid, disputes.transactionUid))
      .where(where)
      .orderBy(
        ...(filters.order === "due"
          ? [
              asc(
                sql`case when ${disputes.status} in ('needs_response', 'warning_needs_response') then 0 else 1 end`,
              ),
              asc(
                sql`case when ${disputes.status} in ('needs_response', 'warning_needs_response') then ${disputes.evidenceDueBy} end`,
              ),
            ]
          : []),
        desc(disputes.createdAt),
        desc(disputes.id),
      )
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(disputes).where(where),
  ]);
  const now = deps.clock.now();
  const files = await evidenceFilesOf(
    deps.db,
    rows.map((row) => row.dispute.id),
  );
  return {
    disputes: rows.map((row) =>
      disputeFromRow(row.dispute, row.trackingId, now, files.get(row.dispute.id) ?? []),
    ),
    total,
  };
}

async function noticeUrls(tx: DatabaseTransaction, dispute: DisputeRow) {
  const charge = await readCharge(tx, dispute.transactionUid, { lock: false });
  if (!charge) throw new Error(`dispute ${dispute.id}: its charge ${dispute.transactionUid} is not written`);
  const [shop] = await tx
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, dispute.shopId));
  return {
    urls: disputeNoticeUrls(charge, shopSettingsSchema.parse(shop.settings).notification_url),
    trackingId: charge.trackingId,
  };
}

/**
 * POST /disputes/{id}/evidence's body as the typed request of the evidence to stage, or its 422. Its size counts
 * with the evidence already `staged`, so it is parsed under the dispute's lock (`submitEvidence`), not at the route.
 */
export function validateEvidence(body: unknown, staged: DisputeEvidence): EvidenceRequest {
  const parsed = parseEvidenceRequest(body, staged);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  return parsed.value;
}

/**
 * POST /disputes/{id}/evidence: stages the evidence given (merged field by field over what was staged), and with
 * `submit: true` sends it: the dispute goes under review and the evidence can no longer change. Refused (422,
 * nothing changed) once submitted, closed or past `evidence_due_by`. `body` is validated under the dispute's lock
 * (`validateEvidence`), after those refusals and an unknown id's 404, as the API has always answered.
 */
export async function submitEvidence(options: {
  deps: Pick<GatewayDeps, "db" | "clock" | "outbox">;
  shopId: number;
  id: string;
  body: unknown;
}): Promise<Dispute> {
  const { deps } = options;
  const now = deps.clock.now();
  const { row, trackingId } = await deps.db.transaction(async (tx) => {
    const current = await lockDispute(tx, options.shopId, options.id);
    assertAnswerable(current, now);
    const staged = (current.evidence ?? {}) as DisputeEvidence;
    const request = validateEvidence(options.body, staged);
    const evidence = { ...staged, ...request.evidence };
    const submitted = request.submit;
    const [updated] = await tx
      .update(disputes)
      .set({
        evidence,
        updatedAt: now,
        ...(submitted
          ? {
              status: current.kind === "inquiry" ? "warning_under_review" : "under_review",
              submittedAt: now,
              submissionCount: current.submissionCount + 1,
            }
          : {}),
      })
      .where(eq(disputes.id, current.id))
      .returning();
    const notice = await noticeUrls(tx, updated);
    if (submitted)
      await queueDisputeEvents(tx, updated, notice.trackingId, ["dispute.updated"], notice.urls, now);
    return { row: updated, trackingId: notice.trackingId };
  });
  deps.outbox.nudge();
  const files = await evidenceFilesOf(deps.db, [row.id]);
  return disputeFromRow(row, trackingId, now, files.get(row.id) ?? []);
}

/**
 * POST /disputes/{id}/accept: the merchant does not contest it. A chargeback is lost (its money stays with the
 * cardholder); an inquiry is closed. 422 when it is no longer open.
 */
export async function acceptDispute(options: {
  deps: Pick<GatewayDeps, "db" | "clock" | "outbox">;
  shopId: number;
  id: string;
}): Promise<Dispute> {
  const { deps } = options;
  const now = deps.clock.now();
  const { row, trackingId } = await deps.db.transaction(async (tx) => {
    const current = await lockDispute(tx, options.shopId, options.id);
    if (current.status === "lost") throw GatewayError.base(ALREADY_ACCEPTED);
    if (
      !["needs_response", "warning_needs_response", "under_review", "warning_under_review"].includes(
        current.status,
      )
    )
      throw GatewayError.base(`${DISPUTE_CLOSED} (${current.status})`);
    const notice = await noticeUrls(tx, current);
    const outcome = current.kind === "inquiry" ? "warning_closed" : "lost";
    if (!(await decideDispute(tx, current, outcome, notice.trackingId, notice.urls, now)))
      throw GatewayError.base(`${DISPUTE_CLOSED} (${current.status})`);
    const [updated] = await tx.select().from(disputes).where(eq(disputes.id, current.id));
    return { row: updated, trackingId: notice.trackingId };
  });
  deps.outbox.nudge();
  const files = await evidenceFilesOf(deps.db, [row.id]);
  return disputeFromRow(row, trackingId, now, files.get(row.id) ?? []);
}
