import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "@/lib/server/log";
import { OperatorError } from "@/lib/server/operator-error";
import { type DatabaseHandle, lockDataDir } from "./client";
import { DATA_DIR_MODE, restrictToOwner } from "./data-dir-modes";
import { PGLITE_SETTINGS } from "./pglite-settings";

/**
 * Backups of the embedded database. PGlite is one process's: a second process opening the data directory would
 * corrupt it, so while a server runs, the copy is made by the server itself. It listens on a Unix socket in the data
 * directory (`backup.sock`, mode 0600: only the data directory's owner, who can read the database's files anyway),
 * and `npm run backup` asks it there. The copy is PGlite's own `dumpDataDir` (a gzipped tar of the data directory),
 * taken after a checkpoint while no statement runs: a consistent snapshot that a restore opens as the database was at
 * that moment.
 */

export const BACKUP_SOCKET = "backup.sock";
/** Unix socket paths longer than this do not fit in `sockaddr_un` on Linux and macOS. */
const MAX_SOCKET_PATH = 100;
const REQUEST = "backup\n";

interface PGliteClientHolder {
  $client?: unknown;
}

/** A gzipped tar of the embedded database of `handle` (open, in this process). */
export async function dumpEmbeddedDatabase(handle: DatabaseHandle): Promise<Buffer> {
  const client = (handle.db as unknown as PGliteClientHolder).$client;
  if (handle.kind !== "pglite" || !(client instanceof PGlite)) {
    throw new Error("Only the embedded database is backed up this way");
  }
  // The checkpoint writes what is committed into the tables, so that a restore has little log to replay. The copy
  // itself runs while no statement can (PGlite runs one at a time): the files as they are between two statements,
  // which PostgreSQL opens as after a crash at that moment, with every committed transaction and no other.
  await client.exec("CHECKPOINT");
  const blob = await client.dumpDataDir("gzip");
  return Buffer.from(await blob.arrayBuffer());
}

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

/**
 * Serves backups of `handle` on the data directory's socket; returns the function that stops it. Nothing is served
 * (and a warning says why) when the path is too long for a Unix socket.
 */
export async function serveBackups(options: {
  handle: DatabaseHandle;
  dataDir: string;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(options.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    options.logger.warn(
      { socketPath },
      "DATA_DIR is too long a path for the backup socket: npm run backup works only while the server is stopped",
    );
    return async () => {};
  }
  // A socket left by a process that died; the data directory's lock says no other live process owns it.
  fs.rmSync(socketPath, { force: true });
  // Half-open: the client ends its side after the request, and the answer still has to go out.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.length < REQUEST.length) return;
      socket.removeAllListeners("data");
      if (received !== REQUEST) {
        socket.end(`${JSON.stringify({ error: "unknown request" })}\n`);
        return;
      }
      const started = performance.now();
      dumpEmbeddedDatabase(options.handle).then(
        (dump) => {
          socket.write(`${JSON.stringify({ bytes: dump.length })}\n`);
          socket.end(dump);
          options.logger.info(
            { bytes: dump.length, ms: Math.round(performance.now() - started) },
            "embedded database backed up",
          );
        },
        (error: unknown) => {
          options.logger.error({ err: error }, "embedded database backup failed");
          socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
        },
      );
    });
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Asks the server that holds the embedded database in `dataDir` for a backup. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") {
        reject(
          new OperatorError(
            `The server holding the embedded database in ${dataDir} does not answer on ${socketPath}: stop it and run the backup again, or restart it with a shorter DATA_DIR.`,
          ),
        );
      } else reject(error);
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) {
        reject(new Error("The server closed the backup connection without an answer"));
        return;
      }
      const header = JSON.parse(all.subarray(0, newline).toString("utf8")) as {
        bytes?: number;
        error?: string;
      };
      const body = all.subarray(newline + 1);
      if (header.error !== undefined) reject(new Error(`The server could not back up: ${header.error}`));
      else if (body.length !== header.bytes) reject(new Error("The backup was cut short"));
      else resolve(body);
    });
    socket.end(REQUEST);
  });
}

/**
 * Creates the embedded database in `dataDir` (DATA_DIR's layout: `<dataDir>/pglite`) from a backup. Refuses a data
 * directory that already holds a database: a restore never overwrites one.
 */
export async function restoreEmbeddedDatabase(dump: Buffer, dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(path.join(target, "PG_VERSION"))) {
    throw new OperatorError(
      `${dataDir} already holds an embedded database: restore into a new directory (a restore never overwrites one).`,
    );
  }
  fs.mkdirSync(target, { recursive: true, mode: DATA_DIR_MODE });
  const release = lockDataDir(target);
  try {
    await loadInto(dump, target);
    // Unpacked with the modes PGlite gave its files (0666): the owner's only, as at every start.
    restrictToOwner(target);
  } finally {
    release();
  }
}

async function loadInto(dump: Buffer, target: string): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: target,
      loadDataDir: new Blob([new Uint8Array(dump)]),
      postgresqlconf: PGLITE_SETTINGS,
    });
  } catch (error) {
    fs.rmSync(target, { recursive: true, force: true });
    throw new OperatorError(
      `The file is not a backup of Tessera's embedded database (${(error as Error).message.split("\n")[0]}).`,
    );
  }
  try {
    // A backup of Tessera's database has its vault: without it, nothing in it could be opened.
    await client.query("select count(*) from vault_keys");
  } catch {
    await client.close();
    fs.rmSync(target, { recursive: true, force: true });
    throw new OperatorError("The file is a database, but not Tessera's: it has no card vault.");
  }
  await client.close();
}
