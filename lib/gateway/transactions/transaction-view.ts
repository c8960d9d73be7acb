import { eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MoneyResult } from "@/lib/contracts/money-result";
import type { Transaction } from "@/lib/contracts/transaction";
import type { Database } from "@/lib/db/client";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { TransactionBody } from "./build-transaction";
import { type ChildOwnBody, isChildType, renderChildBody } from "./child-body";
import { isParentType, type ParentFacts, parentAmounts } from "./parent-amounts";

/**
 * A stored transaction as it is rendered: its row, and for a capture, void or refund the body of the payment or
 * authorization it descends from (`originBody`: its parent's, or for a refund of a capture the authorization's,
 * which the capture shows in turn), whose card, customer and echoed fields its response shows; null otherwise.
 */
export type RenderableRow = TransactionRow & { originBody: unknown };

const parent = alias(transactions, "parent");
const grandparent = alias(transactions, "grandparent");

/**
 * Transactions with what they are rendered from (`transactionFromRow`), in one query: each row and its origin's
 * body, by primary keys (a family is at most three deep: authorization, capture, refund). Callers add their
 * conditions, order and limit.
 */
export function selectRenderable(db: Database) {
  return db
    .select({
      ...getTableColumns(transactions),
      originBody: sql<unknown>`coalesce(${grandparent.body}, ${parent.body})`,
    })
    .from(transactions)
    .leftJoin(parent, eq(parent.uid, transactions.parentUid))
    .leftJoin(grandparent, eq(grandparent.uid, parent.parentUid));
}

/** The result object a stored money transaction holds: a child's under `result`, any other's under its type. */
export function storedResult(row: Pick<TransactionRow, "type" | "body">): MoneyResult | undefined {
  const body = row.body as Record<string, MoneyResult | undefined>;
  return isChildType(row.type) ? body.result : body[row.type];
}

/**
 * The transaction object the API answers, rendered from what is stored: a child's body from its own facts and its
 * parent's body (`renderChildBody`), and a parent's `amounts` (a payment's, an authorization's, a capture's) from
 * its stored totals, in the place its body keeps for them (last, for a row written without them), with the expiry
 * it stored when it succeeded. Queries, webhooks, receipts and replays all render here.
 */
export function transactionFromRow(row: RenderableRow): Transaction {
  if (!isChildType(row.type)) return rendered(row, row.body as TransactionBody);
  if (row.originBody == null) {
    throw new Error(`transaction ${row.uid}: a ${row.type} is rendered with its parent's body`);
  }
  return rendered(row, renderChildBody(row.originBody as TransactionBody, row, row.body as ChildOwnBody));
}

/**
 * A payment, authorization, tokenization or payout as the request that wrote or ended it answers: no child of it
 * has finished yet (a child needs a parent that succeeded, and a parent's request ends before any child can), so
 * its totals are nought and its type and amount are its body's.
 */
export function transactionWithoutChildren(
  row: Pick<TransactionRow, "uid" | "status" | "createdAt" | "updatedAt" | "body">,
): Transaction {
  const body = row.body as TransactionBody;
  return rendered(
    { ...row, type: body.type, amount: body.amount, captured: 0, voided: 0, refunded: 0 },
    body,
  );
}

function rendered(
  row: Pick<TransactionRow, "uid" | "status" | "createdAt" | "updatedAt"> & ParentFacts,
  body: TransactionBody,
): Transaction {
  const stored = (body as { amounts?: { authorization_expires_at?: string | null } | null }).amounts;
  return {
    uid: row.uid,
    id: row.uid,
    status: row.status,
    ...body,
    ...(isParentType(row.type)
      ? { amounts: parentAmounts(row, stored?.authorization_expires_at ?? null) }
      : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as Transaction;
}
