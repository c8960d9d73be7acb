import { and, eq, getTableColumns, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";

const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ChildType = "capture" | "void" | "refund";

/** Amounts of a parent's children by type: those that succeeded, and those still waiting for the acquirer. */
export interface ChildTotals {
  successful: Record<ChildType, number>;
  /** Reserved by a child whose acquirer call is in flight: counted against the remainder until it ends. */
  inFlight: Record<ChildType, number>;
}

/** What `tessera_child_totals` (migration 0012) gives: sums keyed `type/status`, e.g. `refund/successful`. */
export type ChildTotalsRecord = Record<string, number | string>;

export interface ParentState {
  row: TransactionRow;
  totals: ChildTotals;
  /** The totals as the database gave them: the reservation compares them with the parent's under its lock. */
  totalsRecord: ChildTotalsRecord;
  /** For an authorization: when it stops being capturable or voidable; null for other types. */
  authorizationExpiresAt: Date | null;
  /** True when `authorizationExpiresAt` has passed (by the gateway's clock, compared in the database). */
  expired: boolean;
}

export interface ParentOptions {
  shopId: number;
  uid: string;
  clock: Clock;
  authorizationExpiryDays: number;
}

/**
 * When an authorization made at `createdAt` stops taking captures and voids, as the database computes it:
 * `createdAt` plus the shop's `authorization_expiry_days`. The one expression for both what an authorization
 * shows from its creation (`authorizationExpiry`) and what its rules are checked on (`readParent`), so that the two
 * agree to the millisecond; the reservation and finishing functions (migrations 0011, 0012) write the same.
 */
export function authorizationExpirySql(createdAt: SQLWrapper | Date, authorizationExpiryDays: number): SQL {
  const start = createdAt instanceof Date ? sql`${createdAt.toISOString()}::timestamptz` : sql`${createdAt}`;
  return sql`${start} + make_interval(days => ${authorizationExpiryDays})`;
}

/**
 * When a stored authorization expires: fixed when it succeeded (`amounts.authorization_expires_at` of its stored
 * body, written then from the shop's setting of that time), so that a later change of the setting neither revives
 * nor ends existing holds. A row without it (none is written so today) falls back to `authorizationExpirySql`. The
 * reservation and finishing functions (migration 0015) read it the same way.
 */
export function storedAuthorizationExpirySql(authorizationExpiryDays: number): SQL {
  return sql`coalesce((${transactions.body}->'amounts'->>'authorization_expires_at')::timestamptz,
    ${authorizationExpirySql(transactions.createdAt, authorizationExpiryDays)})`;
}

/**
 * The shop's transaction `uid` and what its children add up to, in one statement without a lock: what a child's
 * rules are checked on. `reserveChild` writes the child only if the parent is still so under its row lock, so
 * what any number of instances do at once is serialised per parent. Another shop's or an unknown uid → 404
 * `Record not found`.
 */
export async function readParent(db: Database, options: ParentOptions): Promise<ParentState> {
  if (!UID_PATTERN.test(options.uid)) throw new GatewayError("record_not_found");
  const expiresAt = storedAuthorizationExpirySql(options.authorizationExpiryDays);
  const [found] = await db
    .select({
      row: getTableColumns(transactions),
      totals: sql<ChildTotalsRecord>`tessera_child_totals(${transactions.uid})`,
      expiresAt: sql<string | Date>`${expiresAt}`,
      expired: sql<boolean>`${transactions.type} = 'authorization' and ${expiresAt} <= ${options.clock.sqlNow()}`,
    })
    .from(transactions)
    .where(and(eq(transactions.uid, options.uid), eq(transactions.shopId, options.shopId)));
  if (!found) throw new GatewayError("record_not_found");
  return parentState(found.row, found.totals, found.expired, new Date(found.expiresAt));
}

/** The parent as the reservation found it under its lock, when it had changed since `readParent`. */
export function changedParent(parent: ParentState, totals: ChildTotalsRecord, expired: boolean): ParentState {
  return parentState(parent.row, totals, expired, parent.authorizationExpiresAt);
}

function parentState(
  row: TransactionRow,
  totalsRecord: ChildTotalsRecord,
  expired: boolean,
  expiresAt: Date | null,
): ParentState {
  const totals: ChildTotals = {
    successful: { capture: 0, void: 0, refund: 0 },
    inFlight: { capture: 0, void: 0, refund: 0 },
  };
  for (const [key, total] of Object.entries(totalsRecord)) {
    const [type, status] = key.split("/");
    if (type !== "capture" && type !== "void" && type !== "refund") continue;
    totals[status === "successful" ? "successful" : "inFlight"][type] = Number(total);
  }
  const isAuthorization = row.type === "authorization";
  return {
    row,
    totals,
    totalsRecord,
    authorizationExpiresAt: isAuthorization ? expiresAt : null,
    expired: isAuthorization && expired,
  };
}
