import pg from "pg";
import type { DatabaseHandle } from "@/lib/db/client";
import type { GatewayMetrics } from "./metrics";
import { startSpan, tracingEnabled } from "./tracing";

/**
 * Times every database statement (a histogram, and a child span of the request when tracing is on) by wrapping the
 * driver's own `query`: node-postgres clients as the pool hands them out, PGlite's `query` and the `query` of its
 * transactions. What drizzle, `queryRows` and the prepared statements send all passes there. Spans carry the
 * statement's first keyword only, never its text or values.
 */
const OPERATIONS = new Set(["select", "insert", "update", "delete", "with", "begin", "commit", "rollback"]);

function operationOf(text: unknown): string {
  if (typeof text !== "string") return "other";
  const match = /^\s*([A-Za-z]+)/.exec(text);
  const word = match?.[1].toLowerCase() ?? "other";
  return OPERATIONS.has(word) ? word : "other";
}

type Observer = { metrics: GatewayMetrics };
type Store = "pglite" | "postgres";

const observers = new WeakMap<object, Observer>();

function begin(store: Store, observer: Observer, text: unknown): (ok: boolean) => void {
  const started = performance.now();
  // Without tracing, not even the span's name and attributes are made: this runs for every statement.
  const span = tracingEnabled() ? statementSpan(store, operationOf(text)) : null;
  return (ok) => {
    observer.metrics.statement(store, ok, (performance.now() - started) / 1000);
    span?.(ok);
  };
}

function statementSpan(store: Store, operation: string): ((ok: boolean) => void) | null {
  return startSpan(`db ${operation}`, {
    "db.system": store === "postgres" ? "postgresql" : "pglite",
    "db.operation.name": operation,
  });
}

type AnyQuery = (...args: unknown[]) => unknown;

/** A `query` that reports each statement, answered by promise or, as pg-pool calls it, by callback. */
function observedQuery(store: Store, observer: Observer, query: AnyQuery): AnyQuery {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    // A cursor or other submittable object manages its own rows: passed through untimed.
    if (first && typeof first === "object" && typeof (first as { submit?: unknown }).submit === "function") {
      return query.apply(this, args);
    }
    const text = typeof first === "string" ? first : (first as { text?: unknown } | undefined)?.text;
    const done = begin(store, observer, text);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        done(!error);
        return (last as AnyQuery)(error, ...rest);
      };
      return query.apply(this, args);
    }
    let result: unknown;
    try {
      result = query.apply(this, args);
    } catch (error) {
      done(false);
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => done(true),
        () => done(false),
      );
    } else {
      done(true);
    }
    return result;
  };
}

const WRAPPED = Symbol("tessera.observed");

function wrapPgClient(client: pg.PoolClient, observer: Observer): void {
  const marked = client as unknown as Record<symbol, boolean>;
  if (marked[WRAPPED]) return;
  marked[WRAPPED] = true;
  client.query = observedQuery(
    "postgres",
    observer,
    client.query.bind(client) as AnyQuery,
  ) as typeof client.query;
}

function instrumentPool(pool: pg.Pool, observer: Observer): void {
  const connect = pool.connect.bind(pool) as AnyQuery;
  // pg-pool's own `query` goes through `connect` with a callback, the transactions' through its promise.
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    if (callback) {
      return connect((error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => {
        if (client) wrapPgClient(client, observer);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      wrapPgClient(client, observer);
      return client;
    });
  }) as typeof pool.connect;
}

interface PgliteLike {
  query: AnyQuery;
  transaction: (fn: (tx: { query: AnyQuery }) => Promise<unknown>) => Promise<unknown>;
}

function instrumentPglite(client: PgliteLike, observer: Observer): void {
  client.query = observedQuery("pglite", observer, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      tx.query = observedQuery("pglite", observer, tx.query.bind(tx));
      return fn(tx);
    });
}

/** Reports the statements of `database` to `metrics` (and to tracing). A second call only changes where. */
export function instrumentDatabase(database: DatabaseHandle, metrics: GatewayMetrics): void {
  const client = (database.db as unknown as { $client: object }).$client;
  if (client instanceof pg.Pool) {
    metrics.registerPool(() => ({
      total: client.totalCount,
      inUse: client.totalCount - client.idleCount,
      waiting: client.waitingCount,
    }));
  }
  const existing = observers.get(client);
  if (existing) {
    existing.metrics = metrics;
    return;
  }
  const observer: Observer = { metrics };
  observers.set(client, observer);
  if (client instanceof pg.Pool) instrumentPool(client, observer);
  else instrumentPglite(client as unknown as PgliteLike, observer);
}
