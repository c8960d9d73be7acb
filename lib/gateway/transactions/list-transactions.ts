import { and, arrayOverlaps, count, desc, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import type { ErrorTree } from "@/lib/contracts/errors";
import { isCalendarDate } from "@/lib/contracts/formats";
import { INVALID, NOT_INCLUDED } from "@/lib/contracts/messages";
import { TRANSACTION_TYPES, type TransactionType } from "@/lib/contracts/money-result";
import type { Pagination } from "@/lib/contracts/pagination";
import { SUBSCRIPTION_ID_PATTERN } from "@/lib/contracts/subscription";
import { TRANSACTION_STATUSES, type Transaction, type TransactionStatus } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import type { Database } from "@/lib/db/client";
import { subscriptionCycles, subscriptions, transactions } from "@/lib/db/schema";
import { GatewayError } from "../errors";
import { splitTrackingIds } from "./tracking-ids";
import { selectRenderable, transactionFromRow } from "./transaction-view";

export const CREATED_TO_BEFORE_FROM = "must not be earlier than created_from";

export interface TransactionFilters {
  /** Any of these tracking ids (a transaction matches when one of its own `;`-separated ids is among them). */
  trackingIds?: string[];
  status?: TransactionStatus;
  type?: TransactionType;
  /** Inclusive. */
  createdFrom?: Date;
  /** Inclusive. */
  createdTo?: Date;
  /** The children (captures, voids, refunds) of this transaction. */
  parentUid?: string;
  /** The charges of this subscription: its first payment and every renewal attempt. */
  subscriptionId?: string;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A `YYYY-MM-DD` (a whole UTC day: its first millisecond as a lower bound, its last as an upper one) or an ISO
 * 8601 instant with a zone; null when it is neither, or outside the years 1–9999 the database can be asked about.
 */
export function parseDateBound(value: string, bound: "lower" | "upper"): Date | null {
  let at: Date;
  if (isCalendarDate(value)) {
    const start = new Date(`${value}T00:00:00.000Z`).getTime();
    at = new Date(bound === "lower" ? start : start + DAY_MS - 1);
  } else if (DATE_TIME.test(value)) {
    at = new Date(value);
  } else {
    return null;
  }
  const year = at.getUTCFullYear();
  return Number.isNaN(at.getTime()) || year < 1 || year > 9999 ? null : at;
}

/**
 * `?tracking_id=&status=&type=&parent_uid=&subscription_id=&created_from=&created_to=` of GET /transactions. Empty parameters
 * mean "no filter"; anything else that does not parse is a 422 naming the parameter.
 */
export function parseTransactionFilters(query: Record<string, string | undefined>): TransactionFilters {
  const errors: ErrorTree = {};
  const filters: TransactionFilters = {};
  if (query.tracking_id) filters.trackingIds = splitTrackingIds(query.tracking_id);
  if (query.status) {
    if ((TRANSACTION_STATUSES as readonly string[]).includes(query.status)) {
      filters.status = query.status as TransactionStatus;
    } else {
      errors.status = [NOT_INCLUDED];
    }
  }
  if (query.type) {
    if ((TRANSACTION_TYPES as readonly string[]).includes(query.type)) {
      filters.type = query.type as TransactionType;
    } else {
      errors.type = [NOT_INCLUDED];
    }
  }
  if (query.parent_uid) {
    // Every uid is a UUID: anything else is a mistake worth naming, not a search that finds nothing.
    if (isTransactionUid(query.parent_uid)) filters.parentUid = query.parent_uid;
    else errors.parent_uid = [INVALID];
  }
  if (query.subscription_id) {
    // As parent_uid: an id that cannot be a subscription's is a mistake; an unknown or another shop's finds nothing.
    if (SUBSCRIPTION_ID_PATTERN.test(query.subscription_id)) filters.subscriptionId = query.subscription_id;
    else errors.subscription_id = [INVALID];
  }
  if (query.created_from) {
    const from = parseDateBound(query.created_from, "lower");
    if (from) filters.createdFrom = from;
    else errors.created_from = [INVALID];
  }
  if (query.created_to) {
    const to = parseDateBound(query.created_to, "upper");
    if (to) filters.createdTo = to;
    else errors.created_to = [INVALID];
  }
  if (filters.createdFrom && filters.createdTo && filters.createdTo < filters.createdFrom) {
    errors.created_to = [CREATED_TO_BEFORE_FROM];
  }
  if (Object.keys(errors).length > 0) throw GatewayError.validation(errors);
  return filters;
}

/**
 * A subscription's charges and their refunds: every charge the gateway made for it names it in its body
 * (`subscription_id`), and a refund shows its parent's; the first payment taken on the hosted page is a checkout's
 * payment that does not, and is found through the billing cycle it paid, or as the subscription's last transaction
 * when it failed. The shop condition beside it keeps
 * another shop's subscription from matching anything.
 */
function ofSubscription(subscriptionId: string): SQL {
  return or(
    sql`${transactions.body}->>'subscription_id' = ${subscriptionId}`,
    // A refund of such a charge names it through its parent, whose body it shows.
    sql`${transactions.parentUid} in (
      select charge.uid from ${transactions} as charge where charge.body->>'subscription_id' = ${subscriptionId})`,
    sql`${transactions.uid} in (
      select ${subscriptionCycles.paidUid} from ${subscriptionCycles}
      where ${subscriptionCycles.subscriptionId} = ${subscriptionId} and ${subscriptionCycles.paidUid} is not null
      union all
      select ${subscriptions.lastTransactionUid} from ${subscriptions}
      where ${subscriptions.id} = ${subscriptionId} and ${subscriptions.lastTransactionUid} is not null)`,
  ) as SQL;
}

/** GET /transactions: one page of the shop's transactions, newest first, and how many match in all. */
export async function listTransactions(options: {
  deps: { db: Database };
  shopId: number;
  filters: TransactionFilters;
  pagination: Pagination;
}): Promise<{ transactions: Transaction[]; total: number }> {
  const { deps, shopId, filters, pagination } = options;
  // A tracking_id parameter holding no usable id (";;", or only ids that cannot be stored) matches nothing.
  if (filters.trackingIds?.length === 0) return { transactions: [], total: 0 };
  const conditions: SQL[] = [eq(transactions.shopId, shopId)];
  if (filters.trackingIds) conditions.push(arrayOverlaps(transactions.trackingIds, filters.trackingIds));
  if (filters.status) conditions.push(eq(transactions.status, filters.status));
  if (filters.type) conditions.push(eq(transactions.type, filters.type));
  if (filters.parentUid) conditions.push(eq(transactions.parentUid, filters.parentUid));
  if (filters.subscriptionId) conditions.push(ofSubscription(filters.subscriptionId));
  if (filters.createdFrom) conditions.push(gte(transactions.createdAt, filters.createdFrom));
  if (filters.createdTo) conditions.push(lte(transactions.createdAt, filters.createdTo));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectRenderable(deps.db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.uid))
      .limit(pagination.perPage)
      .offset(pagination.offset),
    deps.db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { transactions: rows.map(transactionFromRow), total };
}
