import type { Database } from "@/lib/db/client";
import { GroupCommit, type ItemOutcome } from "@/lib/db/group-commit";
import type { Clock } from "../clock";
import type { ShopperEmailRowInput } from "../emails/enqueue-shopper-email";
import type { TransactionBody } from "./build-transaction";
import type { TransactionCounter } from "./count-ended";
import { finishTransactions } from "./finish-transactions";
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
 * answers of concurrent payments end their transactions in one statement (`finishTransactions`) — each one's status
 * and body, the cards of charges that failed deleted, the outbox rows — instead of a statement (or a database
 * transaction) each. An answer is stored once: a caller whose transaction had already ended gets null.
 */
export class MoneyAnswerWriter {
  private readonly batches: GroupCommit<MoneyAnswer, WrittenTransaction | null>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly metrics: TransactionCounter,
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
    // batch is the one written, as if it had come first; the others find the row ended.
    const firsts = new Map<string, MoneyAnswer>();
    for (const answer of answers) if (!firsts.has(answer.uid)) firsts.set(answer.uid, answer);
    const written = [...firsts.values()];
    const ended = await finishTransactions(
      this.db,
      { clock: this.clock, metrics: this.metrics },
      written.map((answer) => ({
        uid: answer.uid,
        shopId: answer.shopId,
        status: answer.status,
        body: answer.body,
        keepCard: answer.discardCard === null && answer.cardToken !== null,
        discardCard: answer.discardCard,
        notificationUrl: answer.notificationUrl,
        shopperEmail: answer.shopperEmail,
      })),
      { prepared: true },
    );
    const byUid = new Map(written.map((answer, index) => [answer.uid, ended[index]]));
    return answers.map((answer) => ({
      ok: true,
      value: firsts.get(answer.uid) === answer ? (byUid.get(answer.uid) ?? null) : null,
    }));
  }
}
