import { type SQL, sql } from "drizzle-orm";

/**
 * Time as the gateway sees it. Production uses the database's `clock_timestamp()` for anything compared across
 * instances (duplicate window, rate-limit windows), so skew between app servers cannot open a gap; tests inject a
 * fixed clock to step over window edges deterministically.
 */
export interface Clock {
  /** True for a test clock: statements must record its time instead of the database's. */
  readonly isFixed: boolean;
  now(): Date;
  /** SQL expression for "now" in statements that compare timestamps. */
  sqlNow(): SQL;
}

export const databaseClock: Clock = {
  isFixed: false,
  now: () => new Date(),
  sqlNow: () => sql`clock_timestamp()`,
};

export class ManualClock implements Clock {
  readonly isFixed = true;

  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current);
  }

  sqlNow(): SQL {
    return sql`${this.current.toISOString()}::timestamptz`;
  }

  set(date: Date): void {
    this.current = new Date(date);
  }

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
