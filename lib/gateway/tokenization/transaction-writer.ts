import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import { insertJsonRows } from "@/lib/db/json-insert";
import {
  cards,
  notificationDeliveries,
  type TransactionRow,
  threeDSecureChallenges,
  transactions,
  vaultKeys,
} from "@/lib/db/schema";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { newDeliveryId } from "../notifications/delivery-id";
import { resealCardNumber } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";
import type { TransactionBody } from "./build-transaction";
import { DUPLICATE_WINDOW_SECONDS, duplicateLockKey } from "./duplicate-check";

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

/** A 3-D Secure verification the shopper still has to finish, for an `incomplete` transaction. */
export interface NewChallenge {
  stage: "method" | "challenge";
  scenario: string;
  oneTimeCode: string;
  acquirerDecision: unknown;
  /** Expires this long after the write (by the database's clock, or the test clock). */
  ttlSeconds: number;
}

export interface TransactionWrite {
  card: NewCard | null;
  transaction: NewTransaction;
  challenge: NewChallenge | null;
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
/** Times a batch is sealed again under a newer data key before it fails (a rotation is rare; several at once rarer). */
const MAX_RESEALS = 3;

/** A card of the batch was sealed under a data key that a rotation retired meanwhile (thrown to roll back). */
class RetiredDataKeyError extends Error {
  constructor() {
    super("A card was sealed under a retired data key");
    this.name = "RetiredDataKeyError";
  }
}

/**
 * Writes new transactions (and their stored cards and outbox rows) with group commit: requests that arrive while a
 * write is in flight are written together by the next batch — one database transaction, a few multi-row
 * statements and one commit whatever the batch size. Each caller still gets its own result, only after the commit
 * that made its row durable. With no concurrency a batch is a single request and nothing waits.
 */
export class TransactionWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  /**
   * @param options.concurrentStore PostgreSQL (several connections, maybe several instances): batches are written
   *   8 at a time, so its connections and group commit work in parallel, and take the duplicate check's advisory
   *   locks. The embedded database runs one transaction at a time: one batch at a time, no locks needed.
   * @param options.keyring Seals a batch's cards again when their data key was retired before the write.
   */
  private readonly maxConcurrentBatches: number;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: { concurrentStore: boolean; keyring: Keyring },
  ) {
    this.maxConcurrentBatches = options.concurrentStore ? 8 : 1;
  }

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
      await this.writeBatchUnderActiveKey(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      for (const pending of batch) await this.writeBatchIsolatingFailures([pending]);
    }
  }

  /**
   * A card sealed under a data key that a rotation has retired meanwhile (this instance's keyring refreshes on a
   * timer) would stay under it: the rotation's scan is over. The write refuses such a key, so the cards are sealed
   * again under the active one and the batch written again.
   */
  private async writeBatchUnderActiveKey(batch: Pending[]): Promise<void> {
    const { keyring } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.writeBatch(batch);
        return;
      } catch (error) {
        if (!(error instanceof RetiredDataKeyError) || attempt >= MAX_RESEALS) throw error;
        await keyring.refresh();
        const activeId = keyring.active().id;
        for (const pending of batch) {
          if (pending.card && pending.card.keyId !== activeId) {
            pending.card = { ...pending.card, ...(await resealCardNumber(keyring, pending.card)) };
          }
        }
      }
    }
  }

  /**
   * One transaction per batch: the advisory locks of the batch's fingerprints (ascending, so concurrent batches
   * cannot deadlock), then the transactions accepted in the last 30 s — read after the locks were granted, so a
   * concurrent batch with the same card has either committed or not started — then the inserts, each one
   * multi-row statement. The cards' data keys must still be active, checked under a share lock on their rows: a
   * rotation (which updates the old key's row) waits for this commit before it scans the cards, or has committed
   * and the check fails.
   */
  private async writeBatch(batch: Pending[]): Promise<void> {
    const fixedTime = this.clock.isFixed ? this.clock.now() : null;
    const fingerprints = [...new Set(batch.map((pending) => pending.transaction.duplicateFingerprint))];
    const lockKeys = [...new Set(fingerprints.map((fingerprint) => duplicateLockKey(fingerprint)))].sort(
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    );
    const written = await this.db.transaction(async (tx) => {
      // The embedded database runs one transaction at a time, so only PostgreSQL needs the locks.
      if (this.options.concurrentStore) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(key) from unnest(${`{${lockKeys.join(",")}}`}::bigint[]) as key`,
        );
      }
      const windowStart = sql`${fixedTime ? sql`${fixedTime.toISOString()}::timestamptz` : sql`clock_timestamp()`} - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`;
      // One read (the embedded database pays per statement): the fingerprints accepted in the window, and which of
      // the cards' data keys are still active, share-locked until the commit.
      const keyIds = [...new Set(batch.flatMap(({ card }) => (card ? [card.keyId] : [])))];
      const read = await queryRows<{ kind: "recent" | "active_key"; value: string }>(
        tx,
        sql`select distinct 'recent' as kind, ${transactions.duplicateFingerprint} as value from ${transactions}
          where ${transactions.duplicateFingerprint} = any(${`{${fingerprints.join(",")}}`}::text[])
            and ${transactions.createdAt} > ${windowStart}
          union all
          select 'active_key', id from (
            select ${vaultKeys.id} from ${vaultKeys}
            where ${vaultKeys.id} = any(${`{${keyIds.join(",")}}`}::text[]) and ${vaultKeys.active} for share
          ) as active_keys`,
      );
      if (read.filter((row) => row.kind === "active_key").length < keyIds.length)
        throw new RetiredDataKeyError();
      const taken = new Set(read.filter((row) => row.kind === "recent").map((row) => row.value));
      const accepted: Pending[] = [];
      for (const pending of batch) {
        const fingerprint = pending.transaction.duplicateFingerprint;
        if (pending.checkDuplicate && taken.has(fingerprint)) continue;
        taken.add(fingerprint);
        accepted.push(pending);
      }
      if (accepted.length === 0) return new Map<string, { uid: string; createdAt: Date; updatedAt: Date }>();
      const times = fixedTime ? { createdAt: fixedTime } : {};
      const newCards = accepted.flatMap(({ card }) => (card ? [{ ...card, ...times }] : []));
      const challengeTimes = fixedTime ? { createdAt: fixedTime, updatedAt: fixedTime } : {};
      const newChallenges = accepted.flatMap(({ transaction, challenge }) =>
        challenge
          ? [
              {
                transactionUid: transaction.uid,
                shopId: transaction.shopId,
                stage: challenge.stage,
                scenario: challenge.scenario,
                oneTimeCode: challenge.oneTimeCode,
                acquirerDecision: challenge.acquirerDecision,
                expiresAt: sql`${fixedTime ? sql`${fixedTime.toISOString()}::timestamptz` : sql`clock_timestamp()`} + make_interval(secs => ${challenge.ttlSeconds})`,
                ...challengeTimes,
              },
            ]
          : [],
      );
      // The transactional outbox: a final transaction's delivery row commits with it.
      const deliveries = accepted.flatMap(({ transaction, notificationUrl }) =>
        notificationUrl && transaction.status !== "incomplete"
          ? [
              {
                id: newDeliveryId(),
                shopId: transaction.shopId,
                transactionUid: transaction.uid,
                url: notificationUrl,
                ...(fixedTime
                  ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime }
                  : {}),
              },
            ]
          : [],
      );
      const transactionRows = accepted.map(({ transaction }) => ({
        ...transaction,
        ...(fixedTime ? { createdAt: fixedTime, updatedAt: fixedTime } : {}),
      }));
      // One statement for the cards, the transactions, their deliveries and 3-D Secure challenges: the embedded
      // database pays per statement, and foreign keys are checked at the end of the statement, so the order inside
      // does not matter. Rows go as one JSON parameter per table (insertJsonRows); the rare challenges, whose expiry
      // is a database expression, through Drizzle.
      const companions = [
        ...(newCards.length > 0 ? [sql`new_cards as (${insertJsonRows(cards, newCards)})`] : []),
        ...(deliveries.length > 0
          ? [sql`new_deliveries as (${insertJsonRows(notificationDeliveries, deliveries)})`]
          : []),
        ...(newChallenges.length > 0
          ? [sql`new_challenges as (${tx.insert(threeDSecureChallenges).values(newChallenges).getSQL()})`]
          : []),
      ];
      const insertTransactions = sql`${insertJsonRows(transactions, transactionRows)} returning ${transactions.uid} as uid, ${transactions.createdAt} as created_at, ${transactions.updatedAt} as updated_at`;
      const rows = (
        await queryRows<{ uid: string; created_at: string | Date; updated_at: string | Date }>(
          tx,
          companions.length === 0
            ? insertTransactions
            : sql`with ${sql.join(companions, sql`, `)} ${insertTransactions}`,
        )
      ).map((row) => ({
        uid: row.uid,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }));
      return new Map(rows.map((row) => [row.uid, row]));
    });
    for (const pending of batch) {
      const row = written.get(pending.transaction.uid);
      if (row)
        pending.resolve({ ...row, status: pending.transaction.status, body: pending.transaction.body });
      else pending.reject(GatewayError.base("Duplicate transaction"));
    }
  }
}
