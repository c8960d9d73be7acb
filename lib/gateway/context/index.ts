import type { Database } from "@/lib/db/client";
import type { Config } from "@/lib/server/config";
import type { Logger } from "@/lib/server/log";
import type { Acquirer } from "../acquirer/acquirer";
import type { CardSightingWriter } from "../cards/card-sighting-writer";
import type { Clock } from "../clock";
import type { OutboxSignal } from "../notifications/outbox-signal";
import type { GatewayMetrics } from "../observability/metrics";
import type { RateLimiter } from "../rate-limit";
import type { ShopDirectory } from "../shops/shop-directory";
import type { ChildWriter } from "../transactions/child-writer";
import type { MoneyAnswerWriter } from "../transactions/money-answer-writer";
import type { TransactionWriter } from "../transactions/transaction-writer";
import type { Keyring } from "../vault/keyring";

/**
 * Everything the gateway's domain functions need, created once per process by `startGatewayRuntime`.
 *
 * A folder of its own, above the services it holds: it names their types (the writers, the shop directory, the
 * metrics), so the folders that define them must not import it back. Their functions say which of these they use
 * (`deps: { db: Database; clock: Clock }`), which a `GatewayDeps` satisfies as it is; the files at the top of
 * lib/gateway (errors.ts, clock.ts, the claim loop), which every folder imports, stay beneath them all. Imported as
 * `../context` (this index) as it always was.
 */
export interface GatewayDeps {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  keyring: Keyring;
  shops: ShopDirectory;
  transactionWriter: TransactionWriter;
  /** The acquirer's answers to payments, authorizations and payouts, stored batched like new transactions. */
  moneyAnswers: MoneyAnswerWriter;
  /** The locked steps of captures, voids and refunds (reservation, finish), batched like new transactions. */
  childWriter: ChildWriter;
  /** The card limits' check and record of each tokenized number, batched like the transaction writer. */
  cardSightings: CardSightingWriter;
  /** Nudge after committing notification deliveries, so the worker sends them without waiting for its poll. */
  outbox: OutboxSignal;
  /** Counters shared by every instance: authentication failures and tokenization velocity. */
  rateLimiter: RateLimiter;
  /** Moves the money of payments, authorizations, their children and payouts (the sandbox unless configured). */
  acquirer: Acquirer;
  /** Prometheus metrics of this gateway (`/metrics`); domain code adds its figures here. */
  metrics: GatewayMetrics;
  /**
   * How many migrations this code ships, counted when it migrated the database at start: `/health/ready` is ready
   * while the database has at least these applied.
   */
  migrationCount: number;
}
