/**
 * When an e-mail the mail server did not take (a temporary failure: 4xx, no connection) is tried again, counted
 * from the failed attempt: about 1 min, 5 min, 30 min, 2 h, 6 h and 12 h, so seven attempts over a day. A mail
 * server that refuses for good (5xx: no such recipient, relaying denied) is not asked again.
 */
export const EMAIL_RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;

/** ±10 %: e-mails that failed together (a mail server outage) do not all come back in the same second. */
const JITTER = 0.1;

/** Seconds to wait after the `attemptsMade`-th attempt failed, or null when it was the last one. */
export function emailRetryDelaySeconds(attemptsMade: number, random: number): number | null {
  if (attemptsMade < 1 || attemptsMade > EMAIL_RETRY_DELAYS_SECONDS.length) return null;
  return EMAIL_RETRY_DELAYS_SECONDS[attemptsMade - 1] * (1 - JITTER + 2 * JITTER * random);
}

/** A mail server's answer that will not change on a retry: a 5xx reply (RFC 5321 "permanent negative"). */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
