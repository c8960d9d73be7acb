import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { MaintenanceOperation } from "@/lib/db/embedded-maintenance";
import type { DatabaseAge } from "@/lib/db/wraparound";
import type { RefusalRule } from "../errors";

/**
 * The gateway's Prometheus metrics. Every label takes its value from a short fixed list (a route pattern, a method,
 * a status code, a transaction type, a rule name), never from what a client sent: no card number, token, e-mail,
 * shop secret or tracking id can become a label, and the number of series stays bounded.
 *
 * One `GatewayMetrics` per gateway runtime (tests start several in a process); Node's own metrics (event-loop lag,
 * heap, RSS, GC) are the process's, collected once into a registry every runtime's output ends with.
 */

/** Values an outbox reports at scrape time, read from the database so that every instance tells the same. */
export interface OutboxStats {
  /** Rows waiting to be sent (not yet delivered, not given up). */
  pending: number;
  /** Age of the oldest waiting row in seconds (0 when none waits). */
  oldestPendingAgeSeconds: number;
  /** Attempts already made by the rows still waiting (above 0: some destination is failing). */
  pendingAttempts: number;
  /** Rows given up after their last retry. */
  failed: number;
}

export type OutboxName = "webhook" | "email";

/** The transactions of one type that have not ended (`transactions_in_flight`), read at scrape time. */
export interface InFlightStats {
  type: string;
  count: number;
  /** Age of the oldest of them in seconds. */
  oldestAgeSeconds: number;
}

/** What a database pool reports (PostgreSQL only: the embedded database has no pool). */
export interface PoolStats {
  total: number;
  inUse: number;
  waiting: number;
}

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const TRANSACTION_TYPES = new Set([
  "tokenization",
  "payment",
  "authorization",
  "capture",
  "void",
  "refund",
  "credit",
]);
const TRANSACTION_STATUSES = new Set(["successful", "failed", "incomplete", "error", "pending", "expired"]);
const ACQUIRER_OUTCOMES = new Set(["successful", "failed", "error"]);

/** Seconds: requests and statements are mostly milliseconds, acquirer and webhook calls up to their timeouts. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let processRegistry: Registry | undefined;

function nodeMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

function bounded(value: string, allowed: Set<string>): string {
  return allowed.has(value) ? value : "other";
}

export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route" | "method" | "status">;
  private readonly requestDuration: Histogram<"route" | "method" | "status">;
  private readonly transactions: Counter<"type" | "status" | "test">;
  private readonly acquirerCalls: Counter<"operation" | "outcome">;
  private readonly acquirerDuration: Histogram<"operation" | "outcome">;
  private readonly statementDuration: Histogram<"store" | "outcome">;
  private readonly maintenanceDuration: Histogram<"operation">;
  private readonly refusals: Counter<"rule">;
  private readonly shopperEmailsLimited: Counter<"test">;
  private readonly schedulerLag: Gauge;
  private readonly outboxes = new Map<OutboxName, () => Promise<OutboxStats>>();
  private inFlight: (() => Promise<InFlightStats[]>) | null = null;
  private heldSubscriptions: (() => Promise<number>) | null = null;
  private databaseAges: (() => Promise<DatabaseAge[]>) | null = null;
  private poolStats: (() => PoolStats) | null = null;
  private readonly collectors: (() => Promise<void> | void)[] = [];
  private readonly requestSeries = new Map<
    string,
    { count: { inc(): void }; duration: { observe(value: number): void } }
  >();

  constructor() {
    const registers = [this.registry];
    this.requests = new Counter({
      name: "tessera_http_requests_total",
      help: "Requests answered by the gateway, by route pattern, method and status code",
      labelNames: ["route", "method", "status"],
      registers,
    });
    this.requestDuration = new Histogram({
      name: "tessera_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by route pattern, method and status code",
      labelNames: ["route", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.transactions = new Counter({
      name: "tessera_transactions_total",
      help: "Transactions answered, by type, status at the answer, and test flag",
      labelNames: ["type", "status", "test"],
      registers,
    });
    this.acquirerCalls = new Counter({
      name: "tessera_acquirer_calls_total",
      help: "Calls to the acquirer by operation and outcome (successful, failed = declined, error, exception)",
      labelNames: ["operation", "outcome"],
      registers,
    });
    this.acquirerDuration = new Histogram({
      name: "tessera_acquirer_call_duration_seconds",
      help: "Duration of acquirer calls by operation and outcome",
      labelNames: ["operation", "outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.statementDuration = new Histogram({
      name: "tessera_db_statement_duration_seconds",
      help: "Duration of database statements by store (pglite, postgres) and outcome (ok, error)",
      labelNames: ["store", "outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.maintenanceDuration = new Histogram({
      name: "tessera_db_maintenance_duration_seconds",
      help: "The embedded database's own ANALYZE, VACUUM and VACUUM (FREEZE) of a table, and CHECKPOINT (what autovacuum and the checkpointer do on PostgreSQL), by operation: the count is how many ran, the sum how long they held the store",
      labelNames: ["operation"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: "tessera_rate_limited_total",
      help: "Requests refused with 429 by the card-testing defence and the authentication throttle, by rule",
      labelNames: ["rule"],
      registers,
    });
    this.shopperEmailsLimited = new Counter({
      name: "tessera_shopper_emails_limited_total",
      help: "Shopper e-mails not sent because their shop reached its hourly limit, by test flag",
      labelNames: ["test"],
      registers,
    });
    this.schedulerLag = new Gauge({
      name: "tessera_subscription_scheduler_lag_seconds",
      help: "How late the subscription scheduler's oldest due renewal was at its last run",
      registers,
    });
    const outboxGauge = (name: string, help: string) =>
      new Gauge({ name, help, labelNames: ["outbox"], registers });
    const outboxGauges = {
      pending: outboxGauge("tessera_outbox_pending", "Outbox rows waiting to be sent"),
      oldestPendingAgeSeconds: outboxGauge(
        "tessera_outbox_oldest_pending_age_seconds",
        "Age of the oldest outbox row waiting to be sent",
      ),
      pendingAttempts: outboxGauge(
        "tessera_outbox_pending_attempts",
        "Attempts already made by the outbox rows still waiting",
      ),
      failed: outboxGauge("tessera_outbox_failed", "Outbox rows given up after their last retry"),
    };
    // One read per outbox per scrape, shared by its four gauges.
    this.collectors.push(async () => {
      for (const gauge of Object.values(outboxGauges)) gauge.reset();
      for (const [outbox, read] of this.outboxes) {
        const stats = await read();
        for (const [field, gauge] of Object.entries(outboxGauges)) {
          gauge.set({ outbox }, stats[field as keyof OutboxStats]);
        }
      }
    });
    const inFlightCount = new Gauge({
      name: "tessera_transactions_in_flight",
      help: "Transactions not ended yet: waiting on their shopper's 3-D Secure, on the acquirer, or for recovery",
      labelNames: ["type"],
      registers,
    });
    const inFlightAge = new Gauge({
      name: "tessera_transactions_in_flight_oldest_age_seconds",
      help: "Age of the oldest transaction not ended yet",
      labelNames: ["type"],
      registers,
    });
    // Every type answers, 0 when none is in flight: an alert on the age must not lose its series when it clears.
    this.collectors.push(async () => {
      if (!this.inFlight) return;
      const stats = new Map((await this.inFlight()).map((row) => [row.type, row]));
      for (const type of TRANSACTION_TYPES) {
        inFlightCount.set({ type }, stats.get(type)?.count ?? 0);
        inFlightAge.set({ type }, Math.max(0, stats.get(type)?.oldestAgeSeconds ?? 0));
      }
    });
    const held = new Gauge({
      name: "tessera_subscriptions_held",
      help: "Subscriptions held for the operator: a charge's outcome could not be stored (held_reason says why)",
      registers,
    });
    // 0 when none is held (not absent): an alert on it must not lose its series when it clears.
    this.collectors.push(async () => {
      if (this.heldSubscriptions) held.set(await this.heldSubscriptions());
    });
    const transactionIdAge = new Gauge({
      name: "tessera_db_transaction_id_age",
      help: "Transactions since each database's oldest unfrozen transaction id; PostgreSQL refuses writes at 2,144,483,647",
      labelNames: ["database"],
      registers,
    });
    this.collectors.push(async () => {
      if (!this.databaseAges) return;
      transactionIdAge.reset();
      for (const { database, age } of await this.databaseAges()) transactionIdAge.set({ database }, age);
    });
    const pool = new Gauge({
      name: "tessera_db_pool_connections",
      help: "PostgreSQL pool connections by state: total, in_use, waiting (requests queued for a connection)",
      labelNames: ["state"],
      registers,
    });
    this.collectors.push(() => {
      pool.reset();
      const stats = this.poolStats?.();
      if (!stats) return;
      pool.set({ state: "total" }, stats.total);
      pool.set({ state: "in_use" }, stats.inUse);
      pool.set({ state: "waiting" }, stats.waiting);
    });
  }

  /**
   * One answered request. `route` is the matched pattern (e.g. `/gateway/transactions/:uid`), never the path. The
   * series of each label set are looked up once and kept: prom-client hashes a label object on every call.
   */
  request(route: string, method: string, status: number, seconds: number): void {
    const key = `${route} ${method} ${status}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { route, method: bounded(method, HTTP_METHODS), status: String(status) };
      series = { count: this.requests.labels(labels), duration: this.requestDuration.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  transaction(transaction: { type: string; status: string; test: boolean }): void {
    this.transactions.inc({
      type: bounded(transaction.type, TRANSACTION_TYPES),
      status: bounded(transaction.status, TRANSACTION_STATUSES),
      test: String(transaction.test === true),
    });
  }

  /** `outcome` is the acquirer's answer status, or `exception` when the call threw (no answer). */
  acquirerCall(operation: string, outcome: string, seconds: number): void {
    const labels = {
      operation,
      outcome: outcome === "exception" ? outcome : bounded(outcome, ACQUIRER_OUTCOMES),
    };
    this.acquirerCalls.inc(labels);
    this.acquirerDuration.observe(labels, seconds);
  }

  statement(store: "pglite" | "postgres", ok: boolean, seconds: number): void {
    this.statementDuration.observe({ store, outcome: ok ? "ok" : "error" }, seconds);
  }

  /**
   * One table analyzed, vacuumed and analyzed, or frozen, or the store checkpointed, by the embedded database's
   * maintenance.
   */
  maintenance(operation: MaintenanceOperation, seconds: number): void {
    this.maintenanceDuration.observe({ operation }, seconds);
  }

  refused(rule: RefusalRule): void {
    this.refusals.inc({ rule });
  }

  /** A shopper e-mail left unsent: its shop reached its hourly limit. */
  shopperEmailLimited(test: boolean): void {
    this.shopperEmailsLimited.inc({ test: String(test) });
  }

  /** Called by the subscription scheduler after each run: how late its oldest due renewal was. */
  setSchedulerLag(seconds: number): void {
    this.schedulerLag.set(Math.max(0, seconds));
  }

  /** An outbox's figures, read at every scrape (the webhook outbox's by the gateway; the e-mail outbox's by its own). */
  registerOutbox(name: OutboxName, read: () => Promise<OutboxStats>): void {
    this.outboxes.set(name, read);
  }

  /** The transactions in flight by type, read at every scrape (`readInFlightStats`). */
  registerInFlight(read: () => Promise<InFlightStats[]>): void {
    this.inFlight = read;
  }

  /** How many subscriptions are held for the operator, read at every scrape (`countHeldSubscriptions`). */
  registerHeldSubscriptions(read: () => Promise<number>): void {
    this.heldSubscriptions = read;
  }

  /** Every database's transaction-id age, read at every scrape (`databaseAges`, lib/db/wraparound.ts). */
  registerDatabaseAges(read: () => Promise<DatabaseAge[]>): void {
    this.databaseAges = read;
  }

  registerPool(read: () => PoolStats): void {
    this.poolStats = read;
  }

  /** Anything else to refresh just before a scrape (a module's own gauges registered on `registry`). */
  addCollector(collect: () => Promise<void> | void): void {
    this.collectors.push(collect);
  }

  /** The Prometheus text exposition of this gateway and of the process. */
  async render(onError: (error: unknown) => void): Promise<{ contentType: string; body: string }> {
    // A figure that cannot be read (the database is down) is left out; the rest, Node's own included, still answer.
    for (const collect of this.collectors) {
      try {
        await collect();
      } catch (error) {
        onError(error);
      }
    }
    const own = await this.registry.metrics();
    const node = await nodeMetrics().metrics();
    return { contentType: this.registry.contentType, body: `${own}\n${node}` };
  }
}
