import { createCipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_SETTINGS } from "../lib/db/pglite-settings";
import {
  type CardRequest,
  cardTransactionRecord,
  type RefundRequest,
  refundRecord,
  type TransactionRecord,
} from "./baseline-records";

/**
 * The benchmark's baseline: plain node:http handlers doing the essential work of each request the gateway is
 * measured on, on the same kind of store, at the same paths (routed by path):
 * - tokenization: parse the JSON, check the card number (digits + Luhn), AES-256-GCM encrypt it, one durable
 *   insert of what a tokenization must keep (the sealed card and the transaction record, as one statement);
 * - payment: the same, the record being a payment's with the acquirer's approval (an in-memory sandbox answer);
 * - refund: parse, then one database transaction that locks the parent payment's row, sums its successful refunds,
 *   refuses what goes over the amount paid, inserts the refund and commits.
 * - floor (at `/floor`): the least any tokenization can do — parse, check the number (digits + Luhn), AES-256-GCM
 *   encrypt it, two HMACs (the card's stamp and its lookup fingerprint), one insert of a small row — with the
 *   tokenization's request, so that the gateway's tokenization is measured against it too.
 * And the same three requests in the steps the gateway's rules require of any implementation (docs/decisions.md,
 * "A baseline in the rules' steps"), each step its own durable commit:
 * - `/card-limits/transactions/tokenizations`: the card's sighting first (two HMACs; one statement that counts the
 *   number's family in the last hour, refuses past the limit and records the card), because the card-testing
 *   defence must answer before the acquirer sees the card; then the tokenization's write as above;
 * - `/write-ahead/transactions/payments`: the payment written `incomplete` before the acquirer is asked, so that a
 *   crash between the two is recoverable; then its answer;
 * - `/write-ahead/transactions/refunds`: the refund reserved (the parent locked, its refunds done and in flight
 *   summed, an `incomplete` refund inserted, committed) before the acquirer is asked; then its answer.
 * And the three requests with every rule the gateway applies to them by default, in the fewest statements those
 * rules allow, each prepared (parsed and planned once a connection, as the gateway's are):
 * - `/rules/transactions/tokenizations`: the card-limited tokenization, its write also the duplicate check (a
 *   third HMAC, the fingerprint of the request's card, amount and currency, not written when a transaction with it
 *   was written in the last 30 s);
 * - `/rules/transactions/payments`: the sighting, the duplicate check and the `incomplete` write in one statement
 *   (a payment is written before the acquirer is asked, so its card limits can answer in that write), then its
 *   answer. The duplicate read takes no lock: two identical requests at once could both pass, which the gateway's
 *   check (under a lock on the fingerprint) does not allow; the baseline errs in its own favour;
 * - `/rules/transactions/refunds`: the refund reserved ahead as in `/write-ahead/…` (a refund's duplicate check is
 *   off in the benchmark's requests, its parent locked anyway).
 * Whatever the gateway costs on top of these is framework, validation and bookkeeping.
 */
const [databaseUrl, dataDir, portText] = [
  process.env.BENCH_DATABASE_URL,
  process.env.BENCH_DATA_DIR,
  process.env.PORT,
];
const key = randomBytes(32);
const stampKey = randomBytes(32);
const fingerprintKey = randomBytes(32);

type Rows = { rows: { [column: string]: unknown }[] };
/** A statement; with a name, on PostgreSQL, a prepared one (parsed and planned once a connection). */
type Query = (text: string, params?: unknown[], name?: string) => Promise<Rows>;
interface Store {
  query: Query;
  transaction<T>(run: (query: Query) => Promise<T>): Promise<T>;
}

const ddl = [
  "create table if not exists baseline_cards (token text primary key, sealed bytea not null, created_at timestamptz not null default clock_timestamp())",
  "create table if not exists baseline_transactions (uid uuid primary key, type text not null, status text not null default 'successful', amount bigint not null, currency text not null, parent_uid uuid references baseline_transactions, card_token text references baseline_cards, body json not null, created_at timestamptz not null default clock_timestamp())",
  "create index if not exists baseline_transactions_parent_uid on baseline_transactions (parent_uid)",
  "create table if not exists floor_cards (token text primary key, sealed bytea not null, stamp text not null, fingerprint bytea not null)",
  "create table if not exists baseline_sightings (card text primary key, family text not null, seen_at timestamptz not null)",
  "create index if not exists baseline_sightings_family on baseline_sightings (family, seen_at)",
  // Only the rules' paths write a fingerprint; the partial index costs the other paths nothing.
  "alter table baseline_transactions add column if not exists fingerprint text",
  "create index if not exists baseline_transactions_fingerprint on baseline_transactions (fingerprint, created_at) where fingerprint is not null",
];
const insertCardTransaction =
  "with card as (insert into baseline_cards (token, sealed) values ($2, $3) returning token) " +
  "insert into baseline_transactions (uid, type, status, amount, currency, card_token, body) select $1, $5, $8, $6, $7, token, $4 from card";
/** A card's sighting: its family's members in the last hour counted, and the card recorded unless over the limit. */
const sightCard =
  "with family as (select count(*)::int as members from baseline_sightings where family = $2 and seen_at > clock_timestamp() - interval '1 hour'), " +
  "sighted as (insert into baseline_sightings (card, family, seen_at) select $1, $2, clock_timestamp() from family where members < $3 " +
  "on conflict (card) do update set seen_at = excluded.seen_at returning 1) " +
  "select members from family";
/** A request seen in the duplicate window: a transaction written with its fingerprint in the last 30 s. */
const recentFingerprint =
  "recent as (select exists (select 1 from baseline_transactions where fingerprint = $9 and created_at > clock_timestamp() - interval '30 seconds') as seen)";
/** The card transaction's write unless its fingerprint is recent (no row back then). */
const insertCheckedCardTransaction =
  `with ${recentFingerprint}, ` +
  "card as (insert into baseline_cards (token, sealed) select $2, $3 from recent where not seen returning token) " +
  "insert into baseline_transactions (uid, type, status, amount, currency, card_token, body, fingerprint) select $1, $5, $8, $6, $7, token, $4, $9 from card returning uid";
/** The sighting, the duplicate check and the write in one statement: the card's family counted, the request's fingerprint looked for, and the card recorded and the transaction written unless refused. */
const sightAndInsertCheckedCardTransaction =
  "with family as (select count(*)::int as members from baseline_sightings where family = $11 and seen_at > clock_timestamp() - interval '1 hour'), " +
  `${recentFingerprint}, ` +
  "sighted as (insert into baseline_sightings (card, family, seen_at) select $10, $11, clock_timestamp() from family where members < $12 " +
  "on conflict (card) do update set seen_at = excluded.seen_at returning 1), " +
  "card as (insert into baseline_cards (token, sealed) select $2, $3 from family, recent where members < $12 and not seen returning token), " +
  "written as (insert into baseline_transactions (uid, type, status, amount, currency, card_token, body, fingerprint) select $1, $5, $8, $6, $7, token, $4, $9 from card returning uid) " +
  "select members, seen from family, recent";
/** Distinct numbers of one family (first 8 and last 4 digits) a card-limited tokenization accepts in an hour. */
const FAMILY_LIMIT = 5;
const answerTransaction = "update baseline_transactions set status = $2, body = $3 where uid = $1";

async function openStore(): Promise<Store> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    pool.on("error", () => {}); // idle connections closed by the server when the benchmark drops its database
    return {
      query: (text, params, name) =>
        name ? pool.query({ name, text, values: params }) : pool.query(text, params),
      async transaction(run) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const result = await run((text, params, name) =>
            name ? client.query({ name, text, values: params }) : client.query(text, params),
          );
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const dir = path.join(dataDir ?? ".data-bench-baseline", "pglite");
  fs.mkdirSync(dir, { recursive: true });
  // The store as the gateway configures it.
  const db = await PGlite.create({
    dataDir: dir,
    postgresqlconf: PGLITE_SETTINGS,
  });
  return {
    query: (text, params) => db.query(text, params),
    transaction: (run) => db.transaction((tx) => run((text, params) => tx.query(text, params))),
  };
}

const store = await openStore();
for (const statement of ddl) await store.query(statement);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

type Answer = [status: number, body: string];

const invalidNumber: Answer = [422, '{"message":"Number is invalid"}'];
const familyLimited: Answer = [422, '{"message":"Too many cards of this family"}'];
const duplicate: Answer = [422, '{"message":"Duplicate transaction"}'];

/** How a card request is written: at once (one write), or in the steps the gateway's rules require. */
type CardSteps = "one-write" | "card-limits" | "write-ahead" | "rules";

async function storeCard(
  request: CardRequest & { credit_card: { number?: unknown } },
  type: "tokenization" | "payment",
  steps: CardSteps = "one-write",
): Promise<Answer> {
  const number = request?.credit_card?.number;
  if (typeof number !== "string" || !/^\d{12,19}$/.test(number) || !luhn(number)) return invalidNumber;
  const limited = steps === "card-limits" || steps === "rules";
  const card = limited ? createHmac("sha256", stampKey).update(number).digest("hex") : "";
  const family = limited
    ? createHmac("sha256", fingerprintKey)
        .update(number.slice(0, 8) + number.slice(-4))
        .digest("hex")
    : "";
  // A payment in the rules' steps is sighted in its first write; a tokenization's write comes after the acquirer.
  if (limited && !(steps === "rules" && type === "payment")) {
    const { rows } = await store.query(sightCard, [card, family, FAMILY_LIMIT], prepared(steps, "sight"));
    if (Number(rows[0].members) >= FAMILY_LIMIT) return familyLimited;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([iv, cipher.update(number, "utf8"), cipher.final(), cipher.getAuthTag()]);
  const id = randomUUID();
  const token = randomBytes(32).toString("hex");
  const record = JSON.stringify(cardTransactionRecord(id, token, request, number, type));
  const writeAhead = steps === "write-ahead" || (steps === "rules" && type === "payment");
  const written = [
    id,
    token,
    sealed,
    record,
    type,
    request.amount,
    request.currency,
    writeAhead ? "incomplete" : "successful",
  ];
  if (steps === "rules") {
    const fingerprint = createHmac("sha256", fingerprintKey)
      .update(`${type}:${request.amount}:${request.currency}:${number}`)
      .digest("hex");
    if (type === "payment") {
      const { rows } = await store.query(
        sightAndInsertCheckedCardTransaction,
        [...written, fingerprint, card, family, FAMILY_LIMIT],
        "sight-and-write",
      );
      if (Number(rows[0].members) >= FAMILY_LIMIT) return familyLimited;
      if (rows[0].seen) return duplicate;
    } else {
      const { rows } = await store.query(
        insertCheckedCardTransaction,
        [...written, fingerprint],
        "checked-write",
      );
      if (rows.length === 0) return duplicate;
    }
  } else {
    await store.query(insertCardTransaction, written);
  }
  // The acquirer's approval is decided in memory (cardTransactionRecord), as the sandbox does; written ahead, the
  // payment's answer is a write of its own.
  if (writeAhead) await store.query(answerTransaction, [id, "successful", record], prepared(steps, "answer"));
  return [200, `{"transaction":${record}}`];
}

/**
 * The rules' paths prepare their statements (their sighting and duplicate check make the write a statement that
 * PostgreSQL would otherwise plan at each call, about 0.25 ms), as the gateway does: a plain handler's unnamed
 * statements are kept for the other paths, whose figures earlier runs were measured with.
 */
function prepared(steps: CardSteps, name: string): string | undefined {
  return steps === "rules" ? name : undefined;
}

/** The floor: a tokenization's irreducible work, and nothing else (no transaction record, no rules, no answer body). */
async function floor(request: CardRequest & { credit_card: { number?: unknown } }): Promise<Answer> {
  const number = request?.credit_card?.number;
  if (typeof number !== "string" || !/^\d{12,19}$/.test(number) || !luhn(number)) return invalidNumber;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([iv, cipher.update(number, "utf8"), cipher.final(), cipher.getAuthTag()]);
  const stamp = createHmac("sha256", stampKey).update(number).digest("hex");
  const fingerprint = createHmac("sha256", fingerprintKey).update(number).digest();
  const token = randomBytes(32).toString("hex");
  await store.query("insert into floor_cards (token, sealed, stamp, fingerprint) values ($1, $2, $3, $4)", [
    token,
    sealed,
    stamp,
    fingerprint,
  ]);
  return [
    200,
    `{"transaction":{"status":"successful","credit_card":{"token":"${token}","stamp":"${stamp}"}}}`,
  ];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function refund(
  request: RefundRequest,
  steps: "one-write" | "write-ahead" | "rules" = "one-write",
): Promise<Answer> {
  if (typeof request?.reason !== "string" || request.reason.trim() === "") {
    return [422, '{"message":"Reason can\'t be blank."}'];
  }
  if (!Number.isSafeInteger(request.amount) || request.amount < 1) {
    return [422, '{"message":"Amount must be greater than 0."}'];
  }
  if (typeof request.parent_uid !== "string" || !UUID.test(request.parent_uid)) {
    return [404, '{"message":"Record not found"}'];
  }
  const writeAhead = steps === "write-ahead" || steps === "rules";
  const name = (statement: string) => (steps === "rules" ? `refund-${statement}` : undefined);
  // The refund written, with what its answer needs when the answer is a write of its own; or the refusal.
  const reserved = await store.transaction(
    async (query): Promise<Answer | { uid: string; record: string }> => {
      const { rows } = await query(
        "select type, status, amount, currency, body from baseline_transactions where uid = $1 for update",
        [request.parent_uid],
        name("lock"),
      );
      const parent = rows[0];
      if (!parent) return [404, '{"message":"Record not found"}'];
      if (parent.type !== "payment" || parent.status !== "successful") {
        return [422, '{"message":"Parent transaction can\'t be refunded."}'];
      }
      // Written ahead, the refunds still in flight count against the parent too.
      const refunded = await query(
        "select coalesce(sum(amount), 0) as total from baseline_transactions where parent_uid = $1 and type = 'refund' and status = any ($2)",
        [request.parent_uid, writeAhead ? ["successful", "incomplete"] : ["successful"]],
        name("sum"),
      );
      const remaining = Number(parent.amount) - Number(refunded.rows[0].total);
      if (request.amount > remaining)
        return [422, `{"message":"Amount can't be greater than ${remaining}."}`];
      const uid = randomUUID();
      const body = typeof parent.body === "string" ? JSON.parse(parent.body) : parent.body;
      const record = JSON.stringify(refundRecord(uid, request, body as TransactionRecord));
      await query(
        "insert into baseline_transactions (uid, type, status, amount, currency, parent_uid, body) values ($1, 'refund', $6, $2, $3, $4, $5)",
        [
          uid,
          request.amount,
          parent.currency,
          request.parent_uid,
          record,
          writeAhead ? "incomplete" : "successful",
        ],
        name("insert"),
      );
      return { uid, record };
    },
  );
  if (Array.isArray(reserved)) return reserved;
  // The acquirer's approval is decided in memory (refundRecord); written ahead, the refund's answer is a write of
  // its own, after the reservation's commit.
  if (writeAhead) {
    await store.query(answerTransaction, [reserved.uid, "successful", reserved.record], name("answer"));
  }
  return [200, `{"transaction":${reserved.record}}`];
}

const routes: { [path: string]: (request: never) => Promise<Answer> } = {
  "/": (request: CardRequest) => storeCard(request, "tokenization"),
  "/transactions/tokenizations": (request: CardRequest) => storeCard(request, "tokenization"),
  "/transactions/payments": (request: CardRequest) => storeCard(request, "payment"),
  "/transactions/refunds": (request: RefundRequest) => refund(request),
  "/floor": floor,
  "/card-limits/transactions/tokenizations": (request: CardRequest) =>
    storeCard(request, "tokenization", "card-limits"),
  "/write-ahead/transactions/payments": (request: CardRequest) =>
    storeCard(request, "payment", "write-ahead"),
  "/write-ahead/transactions/refunds": (request: RefundRequest) => refund(request, "write-ahead"),
  "/rules/transactions/tokenizations": (request: CardRequest) => storeCard(request, "tokenization", "rules"),
  "/rules/transactions/payments": (request: CardRequest) => storeCard(request, "payment", "rules"),
  "/rules/transactions/refunds": (request: RefundRequest) => refund(request, "rules"),
};

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", async () => {
    const route = routes[request.url ?? ""];
    if (!route) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"message":"Not found"}');
      return;
    }
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const [status, answer] = await route(body?.request as never);
      response.writeHead(status, { "content-type": "application/json" }).end(answer);
    } catch {
      response.writeHead(400, { "content-type": "application/json" }).end('{"message":"bad request"}');
    }
  });
});
process.on("SIGTERM", () => process.exit(0));
server.listen(Number(portText ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === "object" && address ? address.port : ""}`);
});
