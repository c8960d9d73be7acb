/** What a batch writer says of each item it was given: written (with its result) or refused (with the error). */
export type ItemOutcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /**
   * Batches written at once: several on PostgreSQL (several connections, maybe several instances), so its
   * connections and its own group commit work in parallel; one on the embedded database, which runs one statement
   * at a time.
   */
  concurrentBatches: number;
  /** The most items one batch carries; more wait for the next. */
  maxBatch?: number;
}

/**
 * Group commit: items that arrive while a write is in flight are written together by the next batch — one
 * statement and one commit, whatever the batch size — and each caller still gets its own outcome, only after the
 * commit that made its item durable. With no concurrency a batch is a single item and nothing waits.
 *
 * `writeBatch` answers for every item, in the order given; if it throws instead, the database refused the batch,
 * and each item is written again on its own, so that one bad item fails only itself.
 */
export class GroupCommit<Item, Result> {
  private queue: Pending<Item, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;

  constructor(
    private readonly writeBatch: (items: Item[]) => Promise<ItemOutcome<Result>[]>,
    private readonly options: GroupCommitOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  write(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.options.concurrentBatches) return;
    this.scheduled = true;
    // Start on the next turn of the event loop, not now: requests already read from their sockets reach the
    // queue first and share the write. The embedded database runs on this thread and its promises settle without
    // yielding to I/O, so starting at once would write one request per transaction under load.
    setImmediate(() => {
      this.scheduled = false;
      if (this.queue.length === 0 || this.inFlight >= this.options.concurrentBatches) return;
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.writeIsolatingFailures(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async writeIsolatingFailures(batch: Pending<Item, Result>[]): Promise<void> {
    let outcomes: ItemOutcome<Result>[];
    try {
      outcomes = await this.writeBatch(batch.map((pending) => pending.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} was answered with ${outcomes.length} outcomes`);
      }
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      for (const pending of batch) await this.writeIsolatingFailures([pending]);
      return;
    }
    for (const [index, pending] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    }
  }
}
