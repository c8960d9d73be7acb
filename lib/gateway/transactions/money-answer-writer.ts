import type { Database } from "@/lib/db/client";
import { GroupCommit, type ItemOutcome } from "@/lib/db/group-commit";
import type { Clock } from "../clock";
import type { TransactionCounter } from "./count-ended";
import { finishTransactions, type TransactionFinish } from "./finish-transactions";
import type { WrittenTransaction } from "./transaction-writer";

/**
 * Stores acquirers' answers with group commit (`GroupCommit`), as `TransactionWriter` stores new transactions: the
 * answers of concurrent payments end their transactions in one statement (`finishTransactions`) — each one's status
 * and body, the cards of charges that failed deleted, the outbox rows — instead of a statement (or a database
 * transaction) each. An answer is stored once: a caller whose transaction had already ended gets null.
 */
export class MoneyAnswerWriter {
  private readonly batches: GroupCommit<TransactionFinish, WrittenTransaction | null>;

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

  write(answer: TransactionFinish): Promise<WrittenTransaction | null> {
    return this.batches.write(answer);
  }

  private async writeBatch(answers: TransactionFinish[]): Promise<ItemOutcome<WrittenTransaction | null>[]> {
    // Two answers for one transaction (a request and the recovery sweep at the same moment): the first in the
    // batch is the one written, as if it had come first; the others find the row ended.
    const firsts = new Map<string, TransactionFinish>();
    for (const answer of answers) if (!firsts.has(answer.uid)) firsts.set(answer.uid, answer);
    const written = [...firsts.values()];
    const ended = await finishTransactions(this.db, { clock: this.clock, metrics: this.metrics }, written, {
      prepared: true,
    });
    const byUid = new Map(written.map((answer, index) => [answer.uid, ended[index]]));
    return answers.map((answer) => ({
      ok: true,
      value: firsts.get(answer.uid) === answer ? (byUid.get(answer.uid) ?? null) : null,
    }));
  }
}
