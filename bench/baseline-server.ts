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
 * Whatever the gateway costs on top of this is framework, validation and bookkeeping.
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
type Query = (text: string, params?: unknown[]) => Promise<Rows>;
interface Store {
  query: Query;
  transaction<T>(run: (query: Query) => Promise<T>): Promise<T>;
}

const ddl = [
  "create table if not exists baseline_cards (token text primary key, sealed bytea not null, created_at timestamptz not null default clock_timestamp())",
  "create table if not exists baseline_transactions (uid uuid primary key, type text not null, status text not null default 'successful', amount bigint not null, currency text not null, parent_uid uuid references baseline_transactions, card_token text references baseline_cards, body json not null, created_at timestamptz not null default clock_timestamp())",
  "create index if not exists baseline_transactions_parent_uid on baseline_transactions (parent_uid)",
  "create table if not exists floor_cards (token text primary key, sealed bytea not null, stamp text not null, fingerprint bytea not null)",
];
const insertCardTransaction =
  "with card as (insert into baseline_cards (token, sealed) values ($2, $3) returning token) " +
  "insert into baseline_transactions (uid, type, amount, currency, card_token, body) select $1, $5, $6, $7, token, $4 from card";

async function openStore(): Promise<Store> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    pool.on("error", () => {}); // idle connections closed by the server when the benchmark drops its database
    return {
      query: (text, params) => pool.query(text, params),
      async transaction(run) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const result = await run((text, params) => client.query(text, params));
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
  const db = await PGlite.create({ dataDir: dir, postgresqlconf: PGLITE_SETTINGS });
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

async function storeCard(
  request: CardRequest & { credit_card: { number?: unknown } },
  type: "tokenization" | "payment",
): Promise<Answer> {
  const number = request?.credit_card?.number;
  if (typeof number !== "string" || !/^\d{12,19}$/.test(number) || !luhn(number)) return invalidNumber;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([iv, cipher.update(number, "utf8"), cipher.final(), cipher.getAuthTag()]);
  const id = randomUUID();
  const token = randomBytes(32).toString("hex");
  const record = JSON.stringify(cardTransactionRecord(id, token, request, number, type));
  await store.query(insertCardTransaction, [
    id,
    token,
    sealed,
    record,
    type,
    request.amount,
    request.currency,
  ]);
  return [200, `{"transaction":${record}}`];
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

async function refund(request: RefundRequest): Promise<Answer> {
  if (typeof request?.reason !== "string" || request.reason.trim() === "") {
    return [422, '{"message":"Reason can\'t be blank."}'];
  }
  if (!Number.isSafeInteger(request.amount) || request.amount < 1) {
    return [422, '{"message":"Amount must be greater than 0."}'];
  }
  if (typeof request.parent_uid !== "string" || !UUID.test(request.parent_uid)) {
    return [404, '{"message":"Record not found"}'];
  }
  return store.transaction(async (query): Promise<Answer> => {
    const { rows } = await query(
      "select type, status, amount, currency, body from baseline_transactions where uid = $1 for update",
      [request.parent_uid],
    );
    const parent = rows[0];
    if (!parent) return [404, '{"message":"Record not found"}'];
    if (parent.type !== "payment" || parent.status !== "successful") {
      return [422, '{"message":"Parent transaction can\'t be refunded."}'];
    }
    const refunded = await query(
      "select coalesce(sum(amount), 0) as total from baseline_transactions where parent_uid = $1 and type = 'refund' and status = 'successful'",
      [request.parent_uid],
    );
    const remaining = Number(parent.amount) - Number(refunded.rows[0].total);
    if (request.amount > remaining) return [422, `{"message":"Amount can't be greater than ${remaining}."}`];
    const uid = randomUUID();
    const body = typeof parent.body === "string" ? JSON.parse(parent.body) : parent.body;
    const record = JSON.stringify(refundRecord(uid, request, body as TransactionRecord));
    await query(
      "insert into baseline_transactions (uid, type, amount, currency, parent_uid, body) values ($1, 'refund', $2, $3, $4, $5)",
      [uid, request.amount, parent.currency, request.parent_uid, record],
    );
    return [200, `{"transaction":${record}}`];
  });
}

const routes: { [path: string]: (request: never) => Promise<Answer> } = {
  "/": (request: CardRequest) => storeCard(request, "tokenization"),
  "/transactions/tokenizations": (request: CardRequest) => storeCard(request, "tokenization"),
  "/transactions/payments": (request: CardRequest) => storeCard(request, "payment"),
  "/transactions/refunds": refund,
  "/floor": floor,
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
