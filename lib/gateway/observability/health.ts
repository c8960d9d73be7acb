import { sql } from "drizzle-orm";
import { type Database, queryRows } from "@/lib/db/client";
import { isShuttingDown } from "@/lib/server/graceful-shutdown";
import type { Logger } from "@/lib/server/log";

/**
 * Readiness, as a load balancer or an orchestrator asks it: the database answers, every migration this code ships
 * is applied (their count read at start, `deps.migrationCount`), and the process is not shutting down
 * (`lib/graceful-shutdown.ts`). Liveness asks only that the process answers.
 */
export type Readiness =
  | { ready: true }
  | { ready: false; reason: "shutting_down" | "database_unavailable" | "migrations_pending" };

export async function checkReadiness(deps: {
  db: Database;
  logger: Logger;
  migrationCount: number;
}): Promise<Readiness> {
  if (isShuttingDown()) return { ready: false, reason: "shutting_down" };
  let applied: number;
  try {
    const [row] = await queryRows<{ applied: number | string }>(
      deps.db,
      sql`select count(*) as applied from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.applied ?? 0);
  } catch (error) {
    // Either the database does not answer or no migration ever ran (no table): neither can serve.
    deps.logger.warn({ err: error }, "readiness check: the database did not answer");
    return { ready: false, reason: "database_unavailable" };
  }
  return applied >= deps.migrationCount ? { ready: true } : { ready: false, reason: "migrations_pending" };
}
