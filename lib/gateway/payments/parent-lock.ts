import { and, eq, sql } from "drizzle-orm";
import type { ParentAmounts } from "@/lib/contracts/child-transaction";
import { queryRows } from "@/lib/db/client";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { Clock } from "../clock";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";

/** A database transaction of `deps.db.transaction`. */
export type Tx = Parameters<Parameters<GatewayDeps["db"]["transaction"]>[0]>[0];

const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ChildType = "capture" | "void" | "refund";

/** Amounts of a parent's children by type: those that succeeded, and those still waiting for the acquirer. */
export interface ChildTotals {
  successful: Record<ChildType, number>;
  /** Reserved by a child whose acquirer call is in flight: counted against the remainder until it ends. */
  inFlight: Record<ChildType, number>;
}

export interface LockedParent {
  row: TransactionRow;
  totals: ChildTotals;
  /** For an authorization: when it stops being capturable or voidable; null for other types. */
  authorizationExpiresAt: Date | null;
  /** True when `authorizationExpiresAt` has passed (by the gateway's clock, compared in the database). */
  expired: boolean;
}

/**
 * Locks the shop's transaction `uid` (`SELECT … FOR UPDATE`) and reads what its children add up to, inside `tx`.
 * Every child of a parent is decided and finished under this lock, so what any number of instances do at once
 * is serialised per parent, and the remainders read here stay true until `tx` commits. Another shop's or an
 * unknown uid → 404 `Record not found`.
 */
export async function lockParent(
  tx: Tx,
  options: { shopId: number; uid: string; clock: Clock; authorizationExpiryDays: number },
): Promise<LockedParent> {
  if (!UID_PATTERN.test(options.uid)) throw new GatewayError("record_not_found");
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.uid, options.uid), eq(transactions.shopId, options.shopId)))
    .for("update");
  if (!row) throw new GatewayError("record_not_found");
  const totals = await readChildTotals(tx, row.uid);
  if (row.type !== "authorization") return { row, totals, authorizationExpiresAt: null, expired: false };
  const expiresAt = sql`${row.createdAt.toISOString()}::timestamptz + make_interval(days => ${options.authorizationExpiryDays})`;
  const [expiry] = await queryRows<{ expires_at: string | Date; expired: boolean }>(
    tx,
    sql`select ${expiresAt} as expires_at, ${expiresAt} <= ${options.clock.sqlNow()} as expired`,
  );
  return { row, totals, authorizationExpiresAt: new Date(expiry.expires_at), expired: expiry.expired };
}

async function readChildTotals(tx: Tx, parentUid: string): Promise<ChildTotals> {
  const rows = await queryRows<{ type: string; status: string; total: string | number }>(
    tx,
    sql`select type, status, sum(amount) as total from transactions
        where parent_uid = ${parentUid} and status in ('successful', 'incomplete')
        group by type, status`,
  );
  const totals: ChildTotals = {
    successful: { capture: 0, void: 0, refund: 0 },
    inFlight: { capture: 0, void: 0, refund: 0 },
  };
  for (const { type, status, total } of rows) {
    if (type !== "capture" && type !== "void" && type !== "refund") continue;
    totals[status === "successful" ? "successful" : "inFlight"][type] = Number(total);
  }
  return totals;
}

/**
 * What a parent has left, from its successful children: what its response shows as `amounts`. The finishing step
 * computes the same in the database (`tessera_finish_child`, migration 0011): a change here goes there too. A
 * parent no child finished yet shows the same rules with no children (`amountsBeforeChildren`).
 */
export function parentAmounts(
  parent: Pick<LockedParent, "totals" | "authorizationExpiresAt"> & {
    row: Pick<TransactionRow, "type" | "status" | "amount">;
  },
): ParentAmounts {
  const { row, totals } = parent;
  const { capture: captured, void: voided, refund: refunded } = totals.successful;
  const isAuthorization = row.type === "authorization";
  const isRefundable = row.type === "payment" || row.type === "capture";
  const successful = row.status === "successful";
  return {
    captured: isAuthorization ? captured : 0,
    voided: isAuthorization ? voided : 0,
    refunded: isRefundable ? refunded : 0,
    capturable: isAuthorization && successful && voided === 0 ? row.amount - captured : 0,
    refundable: isRefundable && successful ? row.amount - refunded : 0,
    authorization_expires_at: parent.authorizationExpiresAt?.toISOString() ?? null,
  };
}
