import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_SETTINGS } from "../lib/db/pglite-settings";

/**
 * The benchmark's baseline: a plain node:http handler doing the essential work of a tokenization — parse the JSON,
 * check the card number (digits + Luhn), AES-256-GCM encrypt it, and one durable insert of what a tokenization
 * must keep (the sealed card and the transaction record the API returns, as one statement) — on the same kind of
 * store as the gateway under test. Whatever the gateway costs on top of this is framework, validation and
 * bookkeeping.
 */
const [databaseUrl, dataDir, portText] = [
  process.env.BENCH_DATABASE_URL,
  process.env.BENCH_DATA_DIR,
  process.env.PORT,
];
const key = randomBytes(32);

type Insert = (id: string, token: string, sealed: Buffer, body: string) => Promise<void>;
let insert: Insert;
const ddl = [
  "create table if not exists baseline_cards (token text primary key, sealed bytea not null, created_at timestamptz not null default clock_timestamp())",
  "create table if not exists baseline_transactions (uid uuid primary key, card_token text references baseline_cards, body json not null, created_at timestamptz not null default clock_timestamp())",
];
const insertStatement =
  "with card as (insert into baseline_cards (token, sealed) values ($2, $3) returning token) " +
  "insert into baseline_transactions (uid, card_token, body) select $1, token, $4 from card";
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  pool.on("error", () => {}); // idle connections closed by the server when the benchmark drops its database
  for (const statement of ddl) await pool.query(statement);
  insert = async (id, token, sealed, body) => {
    await pool.query(insertStatement, [id, token, sealed, body]);
  };
} else {
  const dir = path.join(dataDir ?? ".data-bench-baseline", "pglite");
  fs.mkdirSync(dir, { recursive: true });
  // The store as the gateway configures it.
  const db = await PGlite.create({ dataDir: dir, postgresqlconf: PGLITE_SETTINGS });
  for (const statement of ddl) await db.query(statement);
  insert = async (id, token, sealed, body) => {
    await db.query(insertStatement, [id, token, sealed, body]);
  };
}

/** The spec's transaction object for a successful tokenization: the record a tokenization keeps and returns. */
interface BenchRequest {
  amount: number;
  currency: string;
  description: string;
  tracking_id?: string;
  credit_card: { holder?: string; exp_month: string; exp_year: string };
}

function transactionRecord(uid: string, token: string, request: BenchRequest, number: string) {
  const card = request.credit_card;
  const now = new Date().toISOString();
  return {
    uid,
    id: uid,
    status: "successful",
    message: "Successfully processed",
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    tracking_id: request.tracking_id ?? null,
    language: "en",
    type: "tokenization",
    payment_method_type: "credit_card",
    test: false,
    created_at: now,
    updated_at: now,
    paid_at: null,
    redirect_url: `http://127.0.0.1/gateway/process/${uid}`,
    status_code: null,
    credit_card: {
      holder: card.holder ?? null,
      brand: "visa",
      product: null,
      last_4: number.slice(-4),
      first_1: number[0],
      bin: number.slice(0, 6),
      bin_8: number.slice(0, 8),
      issuer_country: null,
      issuer_name: null,
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      stamp: randomBytes(32).toString("hex"),
      token,
      token_provider: null,
    },
    three_d_secure_verification: {
      status: null,
      message: null,
      ve_status: null,
      pa_status: null,
      eci: null,
      xid: null,
      cavv: null,
      cavv_algorithm: null,
      fail_reason: null,
      acs_url: null,
      pa_res_url: null,
      method_process_url: null,
    },
    tokenization: { message: "Successfully processed", status: "successful", gateway_id: 1 },
    additional_data: { receipt_text: [], contract: [] },
    smart_routing_verification: { status: "skipped" },
    customer: null,
    billing_address: null,
  };
}

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

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const number: unknown = body?.request?.credit_card?.number;
      if (typeof number !== "string" || !/^\d{12,19}$/.test(number) || !luhn(number)) {
        response
          .writeHead(422, { "content-type": "application/json" })
          .end('{"message":"Number is invalid"}');
        return;
      }
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([iv, cipher.update(number, "utf8"), cipher.final(), cipher.getAuthTag()]);
      const id = randomUUID();
      const token = randomBytes(32).toString("hex");
      const record = JSON.stringify(transactionRecord(id, token, body.request, number));
      await insert(id, token, sealed, record);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(`{"transaction":${record}}`);
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
