import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "../free-port";

export { freePort };

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it came over the wire. */
  raw: string;
  parsed: ParsedMail;
  /** Whether the message came over TLS (after STARTTLS). */
  secure: boolean;
}

export interface SmtpReceiver {
  port: number;
  /** `smtp://user:password@127.0.0.1:port`, what `SMTP_URL` would be. */
  url: string;
  received: ReceivedMail[];
  /** Recipients the server answers `550` at RCPT TO. */
  refused: Set<string>;
  /** The certificate a client must trust for its STARTTLS (self-signed), or null when it offers none. */
  ca: string | null;
  /** User names and passwords the server was given (AUTH), each with whether it came over TLS. */
  logins: { user: string; secure: boolean }[];
  close(): Promise<void>;
}

export const SMTP_USER = "tessera";
export const SMTP_PASSWORD = "p@ss:word/1";

/** A key and a self-signed certificate for 127.0.0.1, valid for two days, made by `openssl` for a test's server. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-smtp-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let sharedCertificate: { key: string; cert: string } | undefined;

/** One self-signed certificate for every receiver of a test file (openssl takes a moment). */
export function receiverCertificate(): { key: string; cert: string } {
  sharedCertificate ??= selfSignedCertificate();
  return sharedCertificate;
}

/**
 * A real SMTP server on this machine (the `smtp-server` package): it asks for the user name and password, takes
 * every message and keeps it, parsed. It offers STARTTLS with `receiverCertificate()` (self-signed: the client is
 * given `ca` to trust it), or with `tls`'s key and certificate, or not at all with `tls: false` (a server that
 * offers none, or an attacker on the path who strips it).
 */
export async function startSmtpReceiver(
  port = 0,
  options: { tls?: { key: string; cert: string } | false } = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const logins: { user: string; secure: boolean }[] = [];
  const tls = options.tls === false ? null : (options.tls ?? receiverCertificate());
  const server = new SMTPServer({
    ...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ["STARTTLS"] }),
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? "", secure: session.secure });
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        // As real servers answer, quoting the address.
        const error = new Error(
          `<${address.address}>: Recipient address rejected: mailbox unavailable`,
        ) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          parsed: await simpleParser(raw),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${actual}`,
    received,
    refused,
    ca: tls?.cert ?? null,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
