import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import type { Clock } from "./clock";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database so every instance sees the same count. Keys already over their limit
 * are remembered locally until the window ends, so a blocked client costs no database round trip.
 */
export class RateLimiter {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const until = this.blockedUntil.get(key);
    if (until === undefined) return 0;
    const remaining = Math.ceil((until - this.clock.now().getTime()) / 1000);
    if (remaining > 0) return remaining;
    this.blockedUntil.delete(key);
    return 0;
  }

  /** Counts one event for `key`; returns the seconds to wait when this pushed it over the limit, else 0. */
  async hit(key: string, rule: RateLimitRule): Promise<number> {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(this.clock.now().getTime() / windowMs) * windowMs;
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`
      insert into rate_limits (key, window_start, count)
      values (${key}, ${new Date(windowStart).toISOString()}::timestamptz, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count`,
    );
    const count = Number(row?.count ?? 0);
    if (count <= rule.limit) return 0;
    this.blockedUntil.set(key, windowStart + windowMs);
    return Math.max(1, Math.ceil((windowStart + windowMs - this.clock.now().getTime()) / 1000));
  }

  /** Drops windows that ended long ago; called from the maintenance loop. */
  async prune(olderThanSeconds = 3600): Promise<void> {
    await this.db.execute(
      sql`delete from rate_limits where window_start < ${this.clock.sqlNow()} - make_interval(secs => ${olderThanSeconds})`,
    );
  }
}
