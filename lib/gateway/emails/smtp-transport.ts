import nodemailer from "nodemailer";

/** Whether a send failed because STARTTLS was required and the server did not offer it. */
export function isMissingStartTls(error: unknown): boolean {
  const failure = error as { code?: unknown; message?: unknown } | null;
  return failure?.code === "ETLS" || /STARTTLS/i.test(String(failure?.message ?? ""));
}

/** What the worker needs of a mail transport: nodemailer's, or a test's. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close(): void;
}

/**
 * A nodemailer SMTP transport for `SMTP_URL`: `smtp://user:password@host:587` speaks plain SMTP and must upgrade
 * with STARTTLS before it logs in or sends anything: a server that does not offer it (or an attacker on the path who
 * strips the offer) gets neither the password nor a message (`requireTLS`). Without credentials (a relay on the
 * same host) STARTTLS is used whenever offered. `smtps://…:465` is TLS from the first byte. User and password are
 * percent-decoded (a password may hold any character). Pooled, so a batch reuses connections and closing the
 * transport at shutdown ends the ones in use. The server's certificate must be one Node trusts (its CA list, or
 * NODE_EXTRA_CA_CERTS); `options.ca` adds certificates to trust for this transport only.
 */
export function createSmtpTransport(smtpUrl: string, options: { ca?: string } = {}): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && Boolean(user),
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.ca ? { tls: { ca: options.ca } } : {}),
  });
}
