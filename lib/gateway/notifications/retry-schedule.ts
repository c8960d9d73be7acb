/**
 * When a failed notification is tried again, counted from the failed attempt: about 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h and 24 h, so ten attempts spread over three days and a half. A merchant whose server is down
 * for an afternoon still gets every notification; one that is gone for good stops being called.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;

/** The first attempt plus one per retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** ±10 %: deliveries that failed together (a merchant outage) do not all come back in the same second. */
export const RETRY_JITTER = 0.1;

/**
 * Seconds to wait after the `attemptsMade`-th attempt failed, or null when it was the last one.
 * @param random a number in [0, 1) choosing where in the jitter band the delay falls.
 */
export function retryDelaySeconds(attemptsMade: number, random: number): number | null {
  if (attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_SECONDS[attemptsMade - 1];
  return base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random);
}
