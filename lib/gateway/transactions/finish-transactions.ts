import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows, queryRowsPrepared } from "@/lib/db/client";
import { arrayLiteral, jsonRecordset } from "@/lib/db/json-insert";
import { cards, notificationDeliveries, shopperEmails } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { countEnded, type TransactionCounter } from "./count-ended";
import { transactionDeliveryRow } from "./delivery-id";
import type { OwnBody, OwnColumns } from "./own-body";
import type { WrittenTransaction } from "./transaction-writer";

/** A row of the shopper e-mail outbox, as the table takes it. */
export type ShopperEmailRow = typeof shopperEmails.$inferInsert;

/** The statuses a transaction ends in. */
export type FinalStatus = "successful" | "failed" | "error";

/** The end of a transaction written `incomplete`: its final status and body, and what commits with them. */
export interface TransactionFinish {
  uid: string;
  shopId: number;
  status: FinalStatus;
  /** Its columns, as written (what its answer is rendered with). */
  columns: OwnColumns;
  body: OwnBody;
  /** Whether the transaction keeps its card token; false takes it off (a card that was not kept). */
  keepCard: boolean;
  /** A card record deleted with the end: stored only for this transaction, which does not keep it. */
  discardCard: string | null;
  /** Where to notify the merchant: the outbox row commits with the end. */
  notificationUrl: string | null;
  /**
   * The shopper's e-mail about it (a receipt, a payout notice): a row of the outbox, built by the caller (the
   * e-mails' `shopperEmailOnEnd`), which commits with the end.
   */
  shopperEmail?: ShopperEmailRow | null;
}

/** A `db.transaction` callback's handle. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Ends transactions, each through the one guarded transition (lib/db/functions/tessera_finish_transactions.sql:
 * a transaction that has already ended is never changed), with what commits with each end — its card deleted when
 * not kept, the merchant's notification and the shopper's e-mail queued — in one statement, one round trip, for
 * any number of transactions at once. Resolves, in the order given, to each one ended now, or null for one that had
 * already ended (another request, another instance or the recovery sweep ended it first). A uid may appear once.
 *
 * On PostgreSQL outside a database transaction it runs as a prepared statement (`queryRowsPrepared`); inside one
 * (`executor` a transaction's handle, after a claim), as a plain statement of that transaction.
 */
export async function finishTransactions(
  executor: Database | DatabaseTransaction,
  deps: { clock: Clock; metrics: TransactionCounter },
  finishes: readonly TransactionFinish[],
  options: { prepared: boolean } = { prepared: false },
): Promise<(WrittenTransaction | null)[]> {
  if (finishes.length === 0) return [];
  const statement = finishStatement(deps.clock, finishes);
  const rows = options.prepared
    ? await queryRowsPrepared<EndedRow>(executor as Database, statement, "tessera_finish_transactions")
    : await queryRows<EndedRow>(executor, statement);
  const ended = new Map(rows.map((row) => [row.uid, row]));
  return finishes.map((finish) => {
    const row = ended.get(finish.uid);
    if (!row) return null;
    countEnded(deps.metrics, { status: finish.status, type: finish.columns.type, test: finish.columns.test });
    // The added keys first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
    return {
      uid: finish.uid,
      status: finish.status,
      body: finish.body,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      ...finish.columns,
    };
  });
}

interface EndedRow {
  uid: string;
  created_at: string | Date;
  updated_at: string | Date;
}

function finishStatement(clock: Clock, finishes: readonly TransactionFinish[]): SQL {
  const fixedTime = clock.isFixed ? clock.now() : null;
  const at = sql`${fixedTime?.toISOString() ?? null}::timestamptz`;
  const ends = JSON.stringify(
    finishes.map((finish) => ({
      uid: finish.uid,
      status: finish.status,
      body: finish.body,
      keep_card: finish.keepCard,
    })),
  );
  const discarded = finishes.filter((finish) => finish.discardCard !== null);
  const deliveries = finishes.flatMap((finish) =>
    finish.notificationUrl
      ? [
          transactionDeliveryRow(
            { shopId: finish.shopId, transactionUid: finish.uid, url: finish.notificationUrl },
            fixedTime,
          ),
        ]
      : [],
  );
  const emails = finishes.flatMap((finish) => (finish.shopperEmail ? [finish.shopperEmail] : []));
  // What commits with the ends, each only for a transaction ended now (a repeat queues nothing twice). The card's
  // row goes in the statement that takes its token off the transaction: foreign keys are checked at the
  // statement's end, when no transaction refers to it any more.
  const companions: SQL[] = [];
  if (discarded.length > 0) {
    companions.push(sql`discarded as (
      delete from ${cards} using unnest(${arrayLiteral(discarded.map((finish) => finish.uid))}::text[],
        ${arrayLiteral(discarded.map((finish) => finish.discardCard as string))}::text[]) as discard(uid, token)
      where ${cards.token} = discard.token and discard.uid in (select uid from ended))`);
  }
  if (deliveries.length > 0) {
    const rows = jsonRecordset(notificationDeliveries, deliveries);
    companions.push(sql`new_deliveries as (
      insert into ${notificationDeliveries} (${rows.columns}) select ${rows.columns} from ${rows.relation} as delivery
      where delivery.transaction_uid in (select uid from ended))`);
  }
  if (emails.length > 0) {
    const rows = jsonRecordset(shopperEmails, emails);
    companions.push(sql`new_shopper_emails as (
      insert into ${shopperEmails} (${rows.columns}) select ${rows.columns} from ${rows.relation} as email
      where email.transaction_uid in (select uid from ended))`);
  }
  return sql`with ended as materialized (select uid, created_at, updated_at from tessera_finish_transactions(${ends}::json, ${at}))${
    companions.length > 0 ? sql`, ${sql.join(companions, sql`, `)}` : sql``
  }
    select uid, created_at, updated_at from ended`;
}
