import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import type { TransactionRow } from "@/lib/db/schema";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { newDeliveryId } from "../notifications/delivery-id";
import type { TransactionBody } from "./build-transaction";
import { duplicateLockKey } from "./duplicate-check";

export interface NewCard {
  token: string;
  shopId: number;
  keyId: string;
  numberSealed: Buffer;
  stamp: string;
  expMonth: number;
  expYear: number;
  holder: string | null;
}

export interface NewTransaction {
  uid: string;
  shopId: number;
  status: TransactionRow["status"];
  amount: number;
  currency: string;
  trackingId: string | null;
  trackingIds: string[];
  cardToken: string | null;
  duplicateFingerprint: string;
  test: boolean;
  body: TransactionBody;
}

export interface TransactionWrite {
  card: NewCard | null;
  transaction: NewTransaction;
  /** The request asked for the duplicate check (`duplicate_check` true). */
  checkDuplicate: boolean;
  /**
   * Where to notify the merchant. A delivery row (the outbox) is written in the same commit when the transaction
   * is final; an `incomplete` one gets its row when 3-D Secure finishes it.
   */
  notificationUrl: string | null;
}

export type WrittenTransaction = Pick<TransactionRow, "uid" | "status" | "body" | "createdAt" | "updatedAt">;

interface Pending extends TransactionWrite {
  resolve(row: WrittenTransaction): void;
  reject(error: unknown): void;
}

const MAX_BATCH = 256;

/**
 * Writes new transactions (and their stored cards) with group commit: requests that arrive while a write is in
 * flight are written together by the next call of `tessera_write_transactions` (a migration), which takes the
 * duplicate check's advisory locks, reads the last 30 s and inserts the batch — one round trip and one commit
 * whatever the batch size. Each caller still gets its own result, only after the commit that made its row durable.
 * With no concurrency a batch is a single request and nothing waits.
 */
export class TransactionWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  /**
   * @param maxConcurrentBatches batches written at once: 1 for the embedded database (one connection anyway),
   *   several on PostgreSQL so its connections and group commit work in parallel.
   */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly maxConcurrentBatches = 1,
  ) {}

  write(write: TransactionWrite): Promise<WrittenTransaction> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...write, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxConcurrentBatches) return;
    this.scheduled = true;
    // Start on the next turn of the event loop, not now: requests already read from their sockets reach the
    // queue first and share the write. The embedded database runs on this thread and its promises settle without
    // yielding to I/O, so starting at once would write one request per transaction under load.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
    });
  }

  private startBatch(): void {
    if (this.queue.length === 0 || this.inFlight >= this.maxConcurrentBatches) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight += 1;
    this.writeBatchIsolatingFailures(batch).finally(() => {
      this.inFlight -= 1;
      this.schedule();
    });
    this.schedule();
  }

  /** A batch the database refuses is written again one request at a time, so one bad row fails only itself. */
  private async writeBatchIsolatingFailures(batch: Pending[]): Promise<void> {
    try {
      await this.writeBatch(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      for (const pending of batch) await this.writeBatchIsolatingFailures([pending]);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    const items = batch.map(({ card, transaction, checkDuplicate, notificationUrl }) => ({
      fingerprint: transaction.duplicateFingerprint,
      lock_key: duplicateLockKey(transaction.duplicateFingerprint).toString(),
      check_duplicate: checkDuplicate,
      card: card && {
        token: card.token,
        shop_id: card.shopId,
        key_id: card.keyId,
        number_sealed: card.numberSealed.toString("base64"),
        stamp: card.stamp,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        holder: card.holder,
      },
      transaction: {
        uid: transaction.uid,
        shop_id: transaction.shopId,
        status: transaction.status,
        amount: transaction.amount,
        currency: transaction.currency,
        tracking_id: transaction.trackingId,
        tracking_ids: transaction.trackingIds,
        card_token: transaction.cardToken,
        duplicate_fingerprint: transaction.duplicateFingerprint,
        test: transaction.test,
        body: JSON.stringify(transaction.body),
      },
      notification:
        notificationUrl && transaction.status !== "incomplete"
          ? { id: newDeliveryId(), url: notificationUrl }
          : null,
    }));
    const at = this.clock.isFixed ? this.clock.now().toISOString() : null;
    const written = await queryRows<{
      written_uid: string;
      written_created_at: string | Date;
      written_updated_at: string | Date;
    }>(
      this.db,
      sql`select * from tessera_write_transactions(${JSON.stringify(items)}::jsonb, ${at}::timestamptz)`,
    );
    const byUid = new Map(written.map((row) => [row.written_uid, row]));
    for (const pending of batch) {
      const row = byUid.get(pending.transaction.uid);
      if (!row) {
        pending.reject(GatewayError.base("Duplicate transaction"));
        continue;
      }
      pending.resolve({
        uid: pending.transaction.uid,
        status: pending.transaction.status,
        body: pending.transaction.body,
        createdAt: new Date(row.written_created_at),
        updatedAt: new Date(row.written_updated_at),
      });
    }
  }
}
