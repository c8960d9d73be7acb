import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The benchmark's baseline: a plain node:http handler doing the essential work of a tokenization — parse the JSON,
 * check the card number (digits + Luhn), AES-256-GCM encrypt it, one durable insert — on the same kind of store
 * as the gateway under test. Whatever the gateway costs on top of this is framework, validation and bookkeeping.
 */
const [databaseUrl, dataDir, portText] = [
  process.env.BENCH_DATABASE_URL,
  process.env.BENCH_DATA_DIR,
  process.env.PORT,
];
const key = randomBytes(32);

type Insert = (id: string, sealed: Buffer) => Promise<void>;
let insert: Insert;
const ddl =
  "create table if not exists baseline_cards (id uuid primary key, sealed bytea not null, created_at timestamptz not null default clock_timestamp())";
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  await pool.query(ddl);
  insert = async (id, sealed) => {
    await pool.query("insert into baseline_cards (id, sealed) values ($1, $2)", [id, sealed]);
  };
} else {
  const dir = path.join(dataDir ?? ".data-bench-baseline", "pglite");
  fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir });
  await db.query(ddl);
  insert = async (id, sealed) => {
    await db.query("insert into baseline_cards (id, sealed) values ($1, $2)", [id, sealed]);
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
      await insert(id, sealed);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ transaction: { uid: id, status: "successful", last_4: number.slice(-4) } }),
      );
    } catch {
      response.writeHead(400, { "content-type": "application/json" }).end('{"message":"bad request"}');
    }
  });
});
server.listen(Number(portText ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === "object" && address ? address.port : ""}`);
});
