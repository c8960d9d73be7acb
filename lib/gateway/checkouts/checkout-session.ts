import { and, eq, sql } from "drizzle-orm";
import {
  CANCELED_BY_SHOPPER,
  type CheckoutRequest,
  type CheckoutStatus,
  type CheckoutView,
} from "@/lib/contracts/checkout";
import type { Transaction } from "@/lib/contracts/transaction";
import { type CheckoutRow, checkouts, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { settleHoldOfTransaction } from "../products/product-stock";
import { selectRenderable, transactionFromRow } from "../transactions/transaction-view";
import { checkoutRedirectUrl } from "./create-checkout";

export const TOKEN_EXPIRED = "Token is expired.";

const CHECKOUT_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function isCheckoutToken(value: string): boolean {
  return CHECKOUT_TOKEN_PATTERN.test(value);
}

/** The shop a checkout token belongs to, or null when there is no such session. */
export async function findCheckoutShopId(
  deps: Pick<GatewayDeps, "db">,
  token: string,
): Promise<number | null> {
  if (!isCheckoutToken(token)) return null;
  const [row] = await deps.db
    .select({ shopId: checkouts.shopId })
    .from(checkouts)
    .where(eq(checkouts.token, token));
  return row?.shopId ?? null;
}

export async function checkoutHasTransaction(
  deps: Pick<GatewayDeps, "db">,
  token: string,
  uid: string,
): Promise<boolean> {
  if (!isCheckoutToken(token)) return false;
  const [row] = await deps.db
    .select({ token: checkouts.token })
    .from(checkouts)
    .where(and(eq(checkouts.token, token), sql`${uid} = any(${checkouts.transactionUids})`));
  return row !== undefined;
}

/** A session with its latest transaction, settled: what every view and every payment attempt starts from. */
export interface CheckoutSession {
  row: CheckoutRow;
  request: CheckoutRequest;
  lastTransaction: Transaction | null;
  expired: boolean;
  status: CheckoutStatus;
  message: string | null;
}

/** The session's status after an attempt ended with `transaction` (or with none, for a cancel). */
export function statusAfterAttempt(
  row: Pick<CheckoutRow, "attempts" | "attemptsUsed">,
  transactionStatus: Transaction["status"],
): { status: CheckoutStatus; finished: boolean } {
  if (transactionStatus === "successful") return { status: "successful", finished: true };
  if (transactionStatus === "incomplete") return { status: "incomplete", finished: false };
  return row.attemptsUsed >= row.attempts
    ? { status: "failed", finished: true }
    : { status: "pending", finished: false };
}

async function loadTransaction(
  deps: Pick<GatewayDeps, "db">,
  uid: string | undefined,
): Promise<Transaction | null> {
  if (!uid) return null;
  const [row] = await selectRenderable(deps.db).where(eq(transactions.uid, uid));
  return row ? transactionFromRow(row) : null;
}

/**
 * Loads a session, scoped to `shopId` when given. A session waiting on 3-D Secure is settled here, lazily, from
 * its transaction: the issuer's page finishes the transaction, and the next read of the session sees it.
 */
export async function loadCheckoutSession(
  deps: Pick<GatewayDeps, "db" | "clock">,
  token: string,
  shopId?: number,
): Promise<CheckoutSession | null> {
  if (!isCheckoutToken(token)) return null;
  const condition =
    shopId === undefined
      ? eq(checkouts.token, token)
      : and(eq(checkouts.token, token), eq(checkouts.shopId, shopId));
  let [row] = await deps.db.select().from(checkouts).where(condition);
  if (!row) return null;
  const lastTransaction = await loadTransaction(deps, row.transactionUids.at(-1));

  if (row.status === "incomplete" && lastTransaction && lastTransaction.status !== "incomplete") {
    const next = statusAfterAttempt(row, lastTransaction.status);
    const [settled] = await deps.db
      .update(checkouts)
      .set({
        status: next.status,
        finishedAt: next.finished ? sql`${deps.clock.sqlNow()}` : null,
        updatedAt: sql`${deps.clock.sqlNow()}`,
      })
      .where(and(eq(checkouts.token, token), eq(checkouts.status, "incomplete")))
      .returning();
    [row] = settled ? [settled] : await deps.db.select().from(checkouts).where(eq(checkouts.token, token));
    // A payment link's unit, held while 3-D Secure ran, is taken or given back now rather than at the next sweep.
    if (settled?.productId) await settleHoldOfTransaction(deps, lastTransaction);
  }
  return describeSession(deps, row, lastTransaction);
}

export function describeSession(
  deps: Pick<GatewayDeps, "clock">,
  row: CheckoutRow,
  lastTransaction: Transaction | null,
): CheckoutSession {
  const expired = row.finishedAt === null && row.status === "pending" && deps.clock.now() >= row.expiresAt;
  // A list read does not settle sessions; it reports what settling would make of them.
  const settledStatus =
    row.status === "incomplete" && lastTransaction && lastTransaction.status !== "incomplete"
      ? statusAfterAttempt(row, lastTransaction.status).status
      : row.status;
  const status: CheckoutStatus = expired ? "error" : settledStatus;
  let message: string | null = null;
  if (expired) message = TOKEN_EXPIRED;
  else if (row.status === "failed" && lastTransaction?.status !== "failed") message = CANCELED_BY_SHOPPER;
  else if (lastTransaction) message = lastTransaction.message;
  return { row, request: row.request as CheckoutRequest, lastTransaction, expired, status, message };
}

export async function requireCheckoutSession(
  deps: Pick<GatewayDeps, "db" | "clock">,
  token: string,
  shopId?: number,
): Promise<CheckoutSession> {
  const session = await loadCheckoutSession(deps, token, shopId);
  if (!session) throw new GatewayError("record_not_found");
  return session;
}

/** The merchant's view (shop credentials). */
export function merchantCheckoutView(
  deps: Pick<GatewayDeps, "config">,
  session: CheckoutSession,
): CheckoutView {
  const { row, request } = session;
  const savedCardToken = request.payment_method?.credit_card?.token;
  return {
    token: row.token,
    shop_id: row.shopId,
    transaction_type: request.transaction_type,
    status: session.status,
    finished: row.finishedAt !== null,
    expired: session.expired,
    message: session.message,
    test: row.test,
    attempts: row.attempts,
    attempts_used: row.attemptsUsed,
    redirect_url: checkoutRedirectUrl(deps, row.token),
    expired_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    order: request.order,
    settings: request.settings,
    customer: request.customer ?? null,
    payment_method: savedCardToken ? { credit_card: { token: savedCardToken } } : null,
    gateway_response: session.lastTransaction ? { transaction: session.lastTransaction } : null,
  };
}
