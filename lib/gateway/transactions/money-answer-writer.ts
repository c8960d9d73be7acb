import { sql } from "drizzle-orm";
import { type Database, queryRowsPrepared } from "@/lib/db/client";
import { GroupCommit, type ItemOutcome } from "@/lib/db/group-commit";
import { arrayLiteral, jsonRecordset } from "@/lib/db/json-insert";
import { cards, notificationDeliveries, shopperEmails, transactions } from "@/lib/db/schema";
import type { Clock } from "../clock";
import type { ShopperEmailRowInput } from "../emails/enqueue-shopper-email";
import { newDeliveryId } from "../notifications/delivery-id";
import type { TransactionBody } from "./build-transaction";
import type { WrittenTransaction } from "./transaction-writer";

/** The end of a money transaction that was written `incomplete` while the acquirer was asked. */
export interface MoneyAnswer {
  uid: string;
  shopId: number;
  status: "successful" | "failed" | "error";
  body: TransactionBody;
  /** The token the transaction keeps; null when it keeps none. */
  cardToken: string | null;
  /**
   * A card stored only for this charge, which did not go through or was only held for it: deleted, and the
   * transaction keeps no token.
   */
  discardCard: string | null;
  /** Where to notify the merchant: the outbox row commits with the answer. */
  notificationUrl: string | null;
  /** The shopper's e-mail about it (a receipt, a payout): the outbox row commits with the answer. */
  shopperEmail?: ShopperEmailRowInput | null;
}

/**
 * Stores acquirers' answers with group commit (`GroupCommit`), as `TransactionWriter` stores new transactions: the
 * answers of concurrent payments go in one statement — each transaction's status and body, the cards of charges
 * that failed deleted, the notification outbox rows — instead of a statement (or a database transaction) each.
 * Each update is conditional on the row still being `incomplete`, so an answer is stored once: a caller whose row
 * had already ended gets null.
 */
export class MoneyAnswerWriter {
  private readonly batches: GroupCommit<MoneyAnswer, WrittenTransaction | null>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    options: { concurrentStore: boolean },
  ) {
    this.batches = new GroupCommit((answers) => this.writeBatch(answers), {
      concurrentBatches: options.concurrentStore ? 8 : 1,
    });
  }

  write(answer: MoneyAnswer): Promise<WrittenTransaction | null> {
    return this.batches.write(answer);
  }

  private async writeBatch(answers: MoneyAnswer[]): Promise<ItemOutcome<WrittenTransaction | null>[]> {
    // Two answers for one transaction (a request and the recovery sweep at the same moment): the first in the
    // batch is the one written, as if it had come first; the others find the row ended. An UPDATE … FROM would
    // pick one of them at random.
    const firsts = new Map<string, MoneyAnswer>();
    for (const answer of answers) if (!firsts.has(answer.uid)) firsts.set(answer.uid, answer);
    const written = [...firsts.values()];
    const fixedTime = this.clock.isFixed ? this.clock.now() : null;
    const now = sql`coalesce(${fixedTime?.toISOString() ?? null}::timestamptz, clock_timestamp())`;

    const updates = jsonRecordset(
      transactions,
      written.map((answer) => ({
        uid: answer.uid,
        status: answer.status,
        body: answer.body,
        cardToken: answer.discardCard ? null : answer.cardToken,
      })),
    );
    const discarded = written.filter((answer) => answer.discardCard !== null);
    const deliveries = written.flatMap((answer) =>
      answer.notificationUrl
        ? [
            {
              id: newDeliveryId(),
              shopId: answer.shopId,
              transactionUid: answer.uid,
              url: answer.notificationUrl,
              ...(fixedTime ? { nextAttemptAt: fixedTime, createdAt: fixedTime, updatedAt: fixedTime } : {}),
            },
          ]
        : [],
    );
    const emails = written.flatMap((answer) => (answer.shopperEmail ? [answer.shopperEmail] : []));
    // The card's row goes in the statement that takes its token off the transaction: foreign keys are checked at
    // the statement's end, when no transaction refers to it any more.
    const companions = [];
    if (discarded.length > 0) {
      companions.push(sql`discarded as (
        delete from ${cards} using unnest(${arrayLiteral(discarded.map((answer) => answer.uid))}::text[],
          ${arrayLiteral(discarded.map((answer) => answer.discardCard as string))}::text[]) as discard(uid, token)
        where ${cards.token} = discard.token and discard.uid in (select uid from updated))`);
    }
    if (deliveries.length > 0) {
      const rows = jsonRecordset(notificationDeliveries, deliveries);
      companions.push(sql`new_deliveries as (
        insert into ${notificationDeliveries} (${rows.columns}) select ${rows.columns} from ${rows.relation} as delivery
        where delivery.transaction_uid in (select uid from updated))`);
    }
    if (emails.length > 0) {
      const rows = jsonRecordset(shopperEmails, emails);
      companions.push(sql`new_shopper_emails as (
        insert into ${shopperEmails} (${rows.columns}) select ${rows.columns} from ${rows.relation} as email
        where email.transaction_uid in (select uid from updated))`);
    }
    const rows = await queryRowsPrepared<{
      uid: string;
      created_at: string | Date;
      updated_at: string | Date;
    }>(
      this.db,
      sql`with updated as (
          update ${transactions} as stored
          set status = incoming.status, body = incoming.body, card_token = incoming.card_token, updated_at = ${now}
          from ${updates.relation} as incoming
          where stored.uid = incoming.uid and stored.status = 'incomplete'
          returning stored.uid, stored.created_at, stored.updated_at
        )${companions.length > 0 ? sql`, ${sql.join(companions, sql`, `)}` : sql``}
        select uid, created_at, updated_at from updated`,
      "tessera_money_answers",
    );
    const stored = new Map(rows.map((row) => [row.uid, row]));
    return answers.map((answer) => {
      const row = firsts.get(answer.uid) === answer ? stored.get(answer.uid) : undefined;
      return {
        ok: true,
        value: row
          ? {
              uid: answer.uid,
              status: answer.status,
              body: answer.body,
              createdAt: new Date(row.created_at),
              updatedAt: new Date(row.updated_at),
            }
          : null,
      };
    });
  }
}
