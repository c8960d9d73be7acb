import { type SQL, sql } from "drizzle-orm";
import { advisoryLockKey } from "@/lib/db/advisory-lock-key";
import { type Database, queryRowsPrepared } from "@/lib/db/client";
import { GroupCommit, type ItemOutcome } from "@/lib/db/group-commit";
import { arrayLiteral, jsonRecordset } from "@/lib/db/json-insert";
import {
  cards,
  notificationDeliveries,
  type TransactionRow,
  threeDSecureChallenges,
  transactions,
} from "@/lib/db/schema";
import type { Logger } from "@/lib/server/log";
import {
  type CardSighting,
  cardLimitError,
  type SightingVerdict,
  sightingArguments,
  sightingVerdict,
} from "../cards/card-sighting-writer";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";
import { resealCardNumber } from "../vault/card-vault";
import type { Keyring } from "../vault/keyring";
import { DATA_KEY_ROTATION_LOCK_ID } from "../vault/rotate-keys";
import { countEnded, type TransactionCounter } from "./count-ended";
import { transactionDeliveryRow } from "./delivery-id";
import { DUPLICATE_WINDOW_SECONDS } from "./duplicate-check";
import type { OwnBody } from "./own-body";
import type { PendingOperation } from "./pending-operation";

export interface NewCard {
  token: string;
  shopId: number;
  keyId: string;
  numberSealed: Buffer;
  stamp: string;
  expMonth: number;
  expYear: number;
  holder: string | null;
  /** What the token may do; the transaction's `additional_data.contract` when not given. */
  contract?: string[];
  /** Kept only for the charge it comes with (see `cards.heldForCharge`); false when not given. */
  heldForCharge?: boolean;
  /** The hosted page showed the stored-credential notice (see `cards.consentShown`); false when not given. */
  consentShown?: boolean;
}

export interface NewTransaction {
  uid: string;
  shopId: number;
  status: TransactionRow["status"];
  /** `tokenization` when not given. */
  type?: TransactionRow["type"];
  amount: number;
  currency: string;
  trackingId: string | null;
  trackingIds: string[];
  cardToken: string | null;
  duplicateFingerprint: string;
  test: boolean;
  body: OwnBody;
}

/** A 3-D Secure verification the shopper still has to finish, for an `incomplete` transaction. */
export interface NewChallenge {
  stage: "method" | "challenge";
  scenario: string;
  oneTimeCode: string;
  pendingOperation: PendingOperation;
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
  /**
   * The number the request sent in full, checked against the card limits by this write, in its statement (a
   * payment's: nothing before it asks anyone about the card). Refused: nothing is written, and the write rejects
   * with the limit's `429`. A tokenization's number is checked before its acquirer is asked (`sightCard`).
   */
  sighting?: CardSighting | null;
}

/** A transaction without a parent as written or ended: what it is rendered from (`transactionWithoutChildren`). */
export type WrittenTransaction = Pick<
  TransactionRow,
  "uid" | "status" | "createdAt" | "updatedAt" | "type" | "amount" | "currency" | "trackingId" | "test"
> & { body: OwnBody };

/** Times a batch is sealed again under a newer data key before it fails (a rotation is rare; several at once rarer). */
const MAX_RESEALS = 3;

/** A card of the batch was sealed under a data key that a rotation retired meanwhile (the write wrote nothing). */
class RetiredDataKeyError extends Error {
  constructor() {
    super("A card was sealed under a retired data key");
    this.name = "RetiredDataKeyError";
  }
}

/**
 * Writes new transactions (and their stored cards and outbox rows) with group commit (`GroupCommit`): requests
 * that arrive while a write is in flight are written together by the next batch, in one statement.
 */
export class TransactionWriter {
  private readonly batches: GroupCommit<TransactionWrite, WrittenTransaction>;

  /**
   * @param options.concurrentStore PostgreSQL (several connections, maybe several instances): batches are written
   *   8 at a time. The embedded database runs one statement at a time: one batch at a time.
   * @param options.keyring Seals a batch's cards again when their data key was retired before the write.
   * @param options.challengeTtlSeconds A 3-D Secure challenge expires this long after its write (by the database's
   *   clock, or the test clock).
   * @param options.cardLimits The card limits the writes' sightings are checked against (`sightCard`'s).
   */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly metrics: TransactionCounter,
    private readonly options: {
      concurrentStore: boolean;
      keyring: Keyring;
      challengeTtlSeconds: number;
      cardLimits: { familyLimit: number; windowSeconds: number };
      logger: Pick<Logger, "warn">;
    },
  ) {
    this.batches = new GroupCommit((batch) => this.writeBatchUnderActiveKey(batch), {
      concurrentBatches: options.concurrentStore ? 8 : 1,
    });
  }

  /**
   * Resolves once the transaction is committed; rejects with `Duplicate transaction` when the check finds one, or
   * with a card limit's `429` when its sighting is refused.
   */
  async write(write: TransactionWrite): Promise<WrittenTransaction> {
    // A copy: a retired data key's card is sealed again in place.
    const written = await this.batches.write({ ...write });
    // Written final at once (declined by rules, decided without waiting on anyone): it ends here.
    countEnded(this.metrics, { status: written.status, type: written.type, test: written.test });
    return written;
  }

  /**
   * A card sealed under a data key that a rotation has retired meanwhile (this instance's keyring refreshes on a
   * timer) would stay under it: the rotation's scan is over. The write refuses such a key, so the cards are sealed
   * again under the active one and the batch written again.
   */
  private async writeBatchUnderActiveKey(
    batch: TransactionWrite[],
  ): Promise<ItemOutcome<WrittenTransaction>[]> {
    const { keyring } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeBatch(batch);
      } catch (error) {
        if (!(error instanceof RetiredDataKeyError) || attempt >= MAX_RESEALS) throw error;
        await keyring.refresh();
        const activeId = keyring.active().id;
        for (const write of batch) {
          if (write.card && write.card.keyId !== activeId) {
            write.card = { ...write.card, ...(await resealCardNumber(keyring, write.card)) };
          }
        }
      }
    }
  }

  /**
   * One statement per batch, atomic on its own, in one round trip. First the locks and reads of
   * tessera_lock_for_batch_write (lib/db/functions), which reads after its locks are granted: the duplicate
   * check's (a concurrent batch with the same card has either committed or not started) and the data keys' (under the
   * rotation lock, shared: a rotation waits for this write before it switches keys and scans the cards, or has
   * switched and the retired key is seen). Then, in the same function (tessera_check_batch_write),
   * the card limits' check and record of the numbers sent in full (`TransactionWrite.sighting`). Then the inserts of
   * the accepted transactions, their stored cards, outbox rows and 3-D Secure challenges — none if a card's data key
   * was retired.
   */
  private async writeBatch(batch: TransactionWrite[]): Promise<ItemOutcome<WrittenTransaction>[]> {
    const { firsts, firstOf } = separateRepeats(batch);
    const fixedTime = this.clock.isFixed ? this.clock.now() : null;
    const at = fixedTime ? sql`${fixedTime.toISOString()}::timestamptz` : sql`null::timestamptz`;
    const now = sql`coalesce(${at}, clock_timestamp())`;
    const fingerprints = [...new Set(firsts.map((write) => write.transaction.duplicateFingerprint))];
    const lockKeys = [...new Set(fingerprints.map((fingerprint) => advisoryLockKey(fingerprint)))].sort(
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    );
    const checkedUids = firsts.flatMap(({ transaction, checkDuplicate }) =>
      checkDuplicate ? [transaction.uid] : [],
    );
    const keyIds = [...new Set(firsts.flatMap(({ card }) => (card ? [card.keyId] : [])))];
    const sighted = firsts.filter((write) => write.sighting);
    const sightingUids = arrayLiteral(sighted.map((write) => write.transaction.uid));
    const times = fixedTime ? { createdAt: fixedTime, updatedAt: fixedTime } : {};

    // Every row of a recordset carries the same keys, whichever kind of request it came from.
    const transactionRows = jsonRecordset(
      transactions,
      firsts.map(({ transaction }) => ({
        ...transaction,
        type: transaction.type ?? "tokenization",
        ...times,
      })),
    );
    const newCards = firsts.flatMap(({ card, transaction }) =>
      card
        ? [
            {
              ...card,
              contract: card.contract ?? transaction.body.additional_data.contract,
              heldForCharge: card.heldForCharge ?? false,
              consentShown: card.consentShown ?? false,
              ...(fixedTime ? { createdAt: fixedTime } : {}),
            },
          ]
        : [],
    );
    const newChallenges = firsts.flatMap(({ transaction, challenge }) =>
      challenge
        ? [
            {
              transactionUid: transaction.uid,
              shopId: transaction.shopId,
              stage: challenge.stage,
              scenario: challenge.scenario,
              oneTimeCode: challenge.oneTimeCode,
              pendingOperation: challenge.pendingOperation,
              ...times,
            },
          ]
        : [],
    );
    // The transactional outbox: a final transaction's delivery row commits with it.
    const newDeliveries = firsts.flatMap(({ transaction, notificationUrl }) =>
      notificationUrl && transaction.status !== "incomplete"
        ? [
            transactionDeliveryRow(
              { shopId: transaction.shopId, transactionUid: transaction.uid, url: notificationUrl },
              fixedTime,
            ),
          ]
        : [],
    );
    // Foreign keys are checked at the end of the statement, so the order of the inserts inside does not matter.
    const companions: SQL[] = [];
    if (newCards.length > 0) {
      const rows = jsonRecordset(cards, newCards);
      companions.push(sql`new_cards as (
        insert into ${cards} (${rows.columns}) select ${rows.columns} from ${rows.relation} as card
        where card.token in (select card_token from accepted))`);
    }
    if (newDeliveries.length > 0) {
      const rows = jsonRecordset(notificationDeliveries, newDeliveries);
      companions.push(sql`new_deliveries as (
        insert into ${notificationDeliveries} (${rows.columns}) select ${rows.columns} from ${rows.relation} as delivery
        where delivery.transaction_uid in (select uid from accepted))`);
    }
    if (newChallenges.length > 0) {
      const rows = jsonRecordset(threeDSecureChallenges, newChallenges);
      companions.push(sql`new_challenges as (
        insert into ${threeDSecureChallenges} (${rows.columns}, expires_at)
        select ${rows.columns}, ${now} + make_interval(secs => ${this.options.challengeTtlSeconds})
        from ${rows.relation} as challenge
        where challenge.transaction_uid in (select uid from accepted))`);
    }
    const result = await queryRowsPrepared<{
      outcome: "written" | "retired_data_key" | "sighting";
      uid: string | null;
      created_at: string | Date | null;
      updated_at: string | Date | null;
      verdict: string | null;
      retry_after_seconds: number | null;
    }>(
      this.db,
      sql`with locked as (
          select kind, value, ordinal, retry_after_seconds from tessera_check_batch_write(${DATA_KEY_ROTATION_LOCK_ID},
            ${arrayLiteral(lockKeys)}::bigint[], ${arrayLiteral(fingerprints)}::text[], ${DUPLICATE_WINDOW_SECONDS},
            ${at}, ${arrayLiteral(keyIds)}::text[],
            ${sightingArguments(
              sighted.map((write) => write.sighting as CardSighting),
              this.options.cardLimits,
            )})
        ),
        checked as (
          select coalesce(array_agg(value) filter (where kind = 'recent'), '{}') as recent_fingerprints,
            count(*) filter (where kind = 'active_key') as active_keys,
            coalesce(array_agg((${sightingUids}::text[])[ordinal])
              filter (where kind = 'sighting' and value in ('family_limited', 'new_card_limited')), '{}') as limited_uids
          from locked
        ),
        accepted as (
          select ${transactionRows.columns} from ${transactionRows.relation} as incoming, checked
          where checked.active_keys = ${keyIds.length}
            and not (incoming.uid = any(${arrayLiteral(checkedUids)}::text[])
                     and incoming.duplicate_fingerprint = any(checked.recent_fingerprints))
            and not (incoming.uid = any(checked.limited_uids))
        ),
        ${companions.length > 0 ? sql`${sql.join(companions, sql`, `)},` : sql``}
        inserted as (
          insert into ${transactions} (${transactionRows.columns}) select ${transactionRows.columns} from accepted
          returning ${transactions.uid}, ${transactions.createdAt}, ${transactions.updatedAt}
        )
        select 'written' as outcome, uid, created_at, updated_at, null as verdict, null::integer as retry_after_seconds
          from inserted
        union all
        select 'retired_data_key', null, null, null, null, null from checked where active_keys < ${keyIds.length}
        union all
        select 'sighting', (${sightingUids}::text[])[ordinal], null, null, value, retry_after_seconds
          from locked where kind = 'sighting'`,
      "tessera_batch_write",
    );
    if (result.some((row) => row.outcome === "retired_data_key")) throw new RetiredDataKeyError();
    const written = new Map<string, (typeof result)[number]>();
    const verdicts = new Map<string, SightingVerdict>();
    for (const row of result) {
      if (row.outcome === "written") written.set(row.uid as string, row);
      else if (row.outcome === "sighting")
        verdicts.set(
          row.uid as string,
          sightingVerdict({ verdict: row.verdict ?? "", retry_after_seconds: row.retry_after_seconds }),
        );
    }
    if (verdicts.size !== sighted.length)
      throw new Error("tessera_check_batch_write sighted a different number of cards");
    // A repeat of an earlier request of this batch shares its fate: refused by a card limit as it was, or else a
    // duplicate of it (written, or itself a duplicate).
    return batch.map((write): ItemOutcome<WrittenTransaction> => {
      const first = firstOf.get(write) ?? write;
      const verdict = verdicts.get(first.transaction.uid);
      if (verdict && "retryAfterSeconds" in verdict) {
        return { ok: false, error: cardLimitError(this.options.logger, write.transaction.shopId, verdict) };
      }
      const row = first === write ? written.get(write.transaction.uid) : undefined;
      if (!row) return { ok: false, error: new GatewayError("duplicate_transaction") };
      return {
        ok: true,
        value: {
          uid: write.transaction.uid,
          createdAt: new Date(row.created_at!),
          updatedAt: new Date(row.updated_at!),
          status: write.transaction.status,
          type: write.transaction.type ?? "tokenization",
          amount: write.transaction.amount,
          currency: write.transaction.currency,
          trackingId: write.transaction.trackingId,
          test: write.transaction.test,
          body: write.transaction.body,
        },
      };
    });
  }
}

/**
 * Splits off the requests asking for the duplicate check whose fingerprint an earlier request of the batch
 * carries (`firstOf` maps each to that earlier request): they are duplicates whatever the database holds, and are
 * answered only once the batch is written (if the write fails, each request is written again on its own and judged
 * afresh).
 */
function separateRepeats(batch: TransactionWrite[]): {
  firsts: TransactionWrite[];
  firstOf: Map<TransactionWrite, TransactionWrite>;
} {
  const seen = new Map<string, TransactionWrite>();
  const firsts: TransactionWrite[] = [];
  const firstOf = new Map<TransactionWrite, TransactionWrite>();
  for (const write of batch) {
    const fingerprint = write.transaction.duplicateFingerprint;
    const earlier = seen.get(fingerprint);
    if (write.checkDuplicate && earlier) firstOf.set(write, earlier);
    else firsts.push(write);
    if (!earlier) seen.set(fingerprint, write);
  }
  return { firsts, firstOf };
}
