import { eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MoneyResult } from "@/lib/contracts/money-result";
import type { Transaction } from "@/lib/contracts/transaction";
import type { Database } from "@/lib/db/client";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import { type ChargebackOwnBody, renderChargebackBody } from "./chargeback-body";
import { type ChildOwnBody, isChildType, renderChildBody } from "./child-body";
import { type OwnBody, ownColumns, renderOwnBody } from "./own-body";
import type { TransactionBody } from "./transaction-body";
import type { WrittenTransaction } from "./transaction-writer";

/**
 * A stored transaction as it is rendered: its row, and for a capture, void, refund or chargeback the own body of the
 * payment or authorization it descends from (`originBody`: its parent's, or for a child of a capture the
 * authorization's, which the capture shows in turn), whose card, customer and echoed fields its response shows;
 * null otherwise.
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

/** The result object a stored money transaction holds (every type stores it under `result`). */
export function storedResult(row: Pick<TransactionRow, "body">): MoneyResult | undefined {
  return (row.body as { result?: MoneyResult }).result;
}

/**
 * The transaction object the API answers, rendered from what is stored: a child's body from its own facts and its
 * origin's (`renderChildBody`), any other's from its own (`renderOwnBody`), each with its columns and its
 * children's totals. Queries, webhooks, receipts and replays all render here.
 */
export function transactionFromRow(row: RenderableRow): Transaction {
  return rendered(row, bodyFromRow(row));
}

/** A stored transaction's response body: `transactionFromRow` without its uid, status and times. */
export function bodyFromRow(row: RenderableRow): TransactionBody {
  if (!isChildType(row.type) && row.type !== "chargeback") return renderOwnBody(row, row.body as OwnBody);
  if (row.originBody == null) {
    throw new Error(`transaction ${row.uid}: a ${row.type} is rendered with its parent's body`);
  }
  const origin = row.originBody as OwnBody;
  return row.type === "chargeback"
    ? renderChargebackBody(origin, row, row.body as ChargebackOwnBody)
    : renderChildBody(origin, row, row.body as ChildOwnBody);
}

/**
 * The own body whose card, customer and echoed fields (its `notification_url`, a subscription's charge's
 * `subscription_id`) a payment, authorization or capture shows: its own, or a capture's authorization's.
 */
export function shownOwnBody(row: RenderableRow): OwnBody {
  return (isChildType(row.type) ? row.originBody : row.body) as OwnBody;
}

/**
 * A tokenization, payment, authorization or payout as the request that wrote or ended it answers: no child of it
 * has finished yet (a child needs a parent that succeeded, and a parent's request ends before any child can), so
 * its totals are nought.
 */
export function transactionWithoutChildren(row: WrittenTransaction): Transaction {
  // The added keys first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
  const own = { status: row.status, captured: 0, voided: 0, refunded: 0, ...ownColumns(row) };
  return rendered(row, renderOwnBody(own, row.body as OwnBody));
}

function rendered(
  row: Pick<TransactionRow, "uid" | "status" | "createdAt" | "updatedAt">,
  body: TransactionBody,
): Transaction {
  return {
    uid: row.uid,
    id: row.uid,
    status: row.status,
    ...body,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as Transaction;
}
