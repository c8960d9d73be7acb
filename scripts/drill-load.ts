import { randomUUID } from "node:crypto";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { isLuhnValid } from "@/lib/cards/luhn";
import { openDatabase, queryRows } from "@/lib/db/client";
import { transactions } from "@/lib/db/schema";

/**
 * The payment load of `npm run drill`: clients that each send one payment at a time with a `RequestID` of its own,
 * and repeat a payment that got no final answer (no answer at all, a 5xx, a 409 "still in progress") with the same
 * `RequestID` and body, as a beGateway client that retries should. Then the ledger: what the clients were told,
 * against what the database holds.
 */

export interface PaymentOutcome {
  key: string;
  /** The request as sent, for a repeat (in memory only: it holds a test card number). */
  body: string;
  /** The transaction's uid and status as the client was last told them; null: never acknowledged. */
  acknowledged: { uid: string; status: string } | null;
  attempts: number;
  /** Attempts that got no final answer (each was repeated while the load ran). */
  failedAttempts: number;
  firstSentAt: number;
  /** From the first attempt to the acknowledgement. */
  ms: number | null;
}

export interface LoadResult {
  outcomes: PaymentOutcome[];
  /** From the start to the last new payment (the repeats of unanswered ones may go on after it). */
  loadMs: number;
  durationMs: number;
  /** Failed attempts by what happened: `status 502`, `ECONNRESET`… */
  failures: Map<string, number>;
  /** When each failed attempt ended, for the window of failures around an event. */
  failureTimes: number[];
  /** When each acknowledgement came. */
  acknowledgedTimes: number[];
}

export interface LoadOptions {
  /** The proxy's origin, e.g. http://127.0.0.1:8080 */
  origin: string;
  authorization: string;
  clients: number;
  durationMs: number;
  /** After the load's time is up, how long a client goes on repeating its last unanswered payment. */
  settleMs?: number;
  /** Repeat a payment without a final answer (default true). */
  retry?: boolean;
  /** Asked before each new payment: true ends the load before its time is up. */
  stopWhen?: () => boolean;
}

let cardCounter = 0;

/** A number nobody sent before, each of a card family of its own (the card limits refuse a guesser's run). */
function nextCardNumber(): string {
  cardCounter += 1;
  const digits = String(cardCounter).padStart(10, "0");
  const body = `4${digits.slice(0, 7)}${String(process.pid % 10_000).padStart(4, "0")}${digits.slice(7)}`;
  // The check digit: the one of ten that makes the number pass the Luhn check.
  for (let digit = 0; digit < 9; digit++) if (isLuhnValid(`${body}${digit}`)) return `${body}${digit}`;
  return `${body}9`;
}

/** 19.99: the sandbox acquirer approves it at once (no amount-driven decline, error or slow answer). */
function paymentBody(key: string): string {
  return JSON.stringify({
    request: {
      amount: 1999,
      currency: "USD",
      description: "Drill payment",
      tracking_id: key,
      duplicate_check: false,
      credit_card: {
        number: nextCardNumber(),
        verification_value: "123",
        holder: "Drill Load",
        exp_month: "12",
        exp_year: String(new Date().getUTCFullYear() + 2),
      },
    },
  });
}

type Attempt = { final: true; uid: string; status: string } | { final: false; failure: string };

function send(agent: http.Agent, options: LoadOptions, key: string, body: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const request = http.request(
      `${options.origin}/transactions/payments`,
      {
        method: "POST",
        agent,
        timeout: 60_000,
        headers: {
          authorization: options.authorization,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          RequestID: key,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status === 200) {
            const transaction = (JSON.parse(text) as { transaction?: { uid: string; status: string } })
              .transaction;
            if (transaction && transaction.status !== "incomplete") {
              resolve({ final: true, uid: transaction.uid, status: transaction.status });
              return;
            }
          }
          resolve({ final: false, failure: `status ${status}` });
        });
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ final: false, failure: error.code ?? error.message }),
        );
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ final: false, failure: error.code ?? error.message }),
    );
    request.end(body);
  });
}

/** Runs the load; `during` is started with it (the drill's event: a kill, a restart, a failover). */
/** One more attempt of each payment, as it was sent; what the clients heard, by answer. */
export async function repeatPayments(
  options: Pick<LoadOptions, "origin" | "authorization">,
  outcomes: PaymentOutcome[],
): Promise<Map<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const answers = new Map<string, number>();
  await Promise.all(
    outcomes.map(async (outcome) => {
      const attempt = await send(agent, { ...options, clients: 1, durationMs: 0 }, outcome.key, outcome.body);
      const label = attempt.final ? `acknowledged (${attempt.status})` : attempt.failure;
      answers.set(label, (answers.get(label) ?? 0) + 1);
    }),
  );
  agent.destroy();
  return answers;
}

export async function runPaymentLoad(
  options: LoadOptions,
  during: (elapsedMs: () => number) => Promise<void> = async () => {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const startedAt = Date.now();
  const loadEnds = startedAt + options.durationMs;
  const settleMs = options.settleMs ?? 30_000;
  const outcomes: PaymentOutcome[] = [];
  const failures = new Map<string, number>();
  const failureTimes: number[] = [];
  const acknowledgedTimes: number[] = [];

  let lastNewPaymentAt = startedAt;
  async function client() {
    while (Date.now() < loadEnds && !options.stopWhen?.()) {
      lastNewPaymentAt = Date.now();
      const key = `drill-${randomUUID()}`;
      const body = paymentBody(key);
      const outcome: PaymentOutcome = {
        key,
        body,
        acknowledged: null,
        attempts: 0,
        failedAttempts: 0,
        firstSentAt: Date.now(),
        ms: null,
      };
      outcomes.push(outcome);
      for (;;) {
        outcome.attempts += 1;
        const attempt = await send(agent, options, key, body);
        if (attempt.final) {
          outcome.acknowledged = { uid: attempt.uid, status: attempt.status };
          outcome.ms = Date.now() - outcome.firstSentAt;
          acknowledgedTimes.push(Date.now());
          break;
        }
        outcome.failedAttempts += 1;
        failureTimes.push(Date.now());
        failures.set(attempt.failure, (failures.get(attempt.failure) ?? 0) + 1);
        const loadOver = Date.now() >= loadEnds || options.stopWhen?.() === true;
        if (options.retry === false || (loadOver && Date.now() - outcome.firstSentAt > settleMs)) break;
        await sleep(200);
      }
    }
  }

  const event = during(() => Date.now() - startedAt);
  await Promise.all([...Array.from({ length: options.clients }, client), event]);
  agent.destroy();
  return {
    outcomes,
    loadMs: lastNewPaymentAt - startedAt,
    durationMs: Date.now() - startedAt,
    failures,
    failureTimes,
    acknowledgedTimes,
  };
}

export interface Ledger {
  acknowledged: number;
  unacknowledged: number;
  /** Acknowledged payments whose transaction is missing, or stored with another uid or status. */
  lostOrChanged: string[];
  /** Tracking ids (one per payment) stored more than once. */
  duplicated: string[];
  /** Unacknowledged payments with a transaction, by its status. */
  unacknowledgedStored: Map<string, number>;
  /** Transactions of the load still `incomplete`. */
  incomplete: number;
}

/** What the clients were told, against the database at `databaseUrl`. */
export async function checkLedger(databaseUrl: string, outcomes: PaymentOutcome[]): Promise<Ledger> {
  const database = await openDatabase({ databaseUrl, dataDir: "memory://" });
  try {
    const stored = new Map<string, { uid: string; status: string }[]>();
    const keys = outcomes.map((outcome) => outcome.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const rows = await database.db
        .select({ uid: transactions.uid, status: transactions.status, trackingId: transactions.trackingId })
        .from(transactions)
        .where(inArray(transactions.trackingId, keys.slice(i, i + 1000)));
      for (const row of rows) {
        const list = stored.get(row.trackingId ?? "") ?? [];
        list.push({ uid: row.uid, status: row.status });
        stored.set(row.trackingId ?? "", list);
      }
    }
    const ledger: Ledger = {
      acknowledged: 0,
      unacknowledged: 0,
      lostOrChanged: [],
      duplicated: [],
      unacknowledgedStored: new Map(),
      incomplete: 0,
    };
    for (const outcome of outcomes) {
      const rows = stored.get(outcome.key) ?? [];
      if (rows.length > 1) ledger.duplicated.push(outcome.key);
      ledger.incomplete += rows.filter((row) => row.status === "incomplete").length;
      if (outcome.acknowledged) {
        ledger.acknowledged += 1;
        const row = rows[0];
        if (!row || row.uid !== outcome.acknowledged.uid || row.status !== outcome.acknowledged.status) {
          ledger.lostOrChanged.push(outcome.key);
        }
      } else {
        ledger.unacknowledged += 1;
        for (const row of rows) {
          ledger.unacknowledgedStored.set(row.status, (ledger.unacknowledgedStored.get(row.status) ?? 0) + 1);
        }
      }
    }
    // Belt and braces: no tracking id of this drill twice in the table, whatever the clients recorded.
    const [twice] = await queryRows<{ count: string }>(
      database.db,
      sql`select count(*) as count from (select tracking_id from transactions where tracking_id like 'drill-%'
        group by tracking_id having count(*) > 1) as twice`,
    );
    if (Number(twice?.count ?? 0) > ledger.duplicated.length) ledger.duplicated.push("(found in the table)");
    return ledger;
  } finally {
    await database.close();
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
