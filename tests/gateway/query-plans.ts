import pg from "pg";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "./harness";

/** A node of a plan as PostgreSQL writes it in JSON (EXPLAIN's or auto_explain's `format json`), the fields tests read. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  /** With ANALYZE: how many times the node ran (0 for a branch the statement never took). */
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** The node and every node under it. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/**
 * The reads of `relation` in a plan: each scan that ran (not a branch never taken), with the index it went through (a
 * bitmap heap scan's, its bitmap index scan's; none for a sequential scan) and its index condition.
 */
export function relationReads(
  plan: PlanNode,
  relation: string,
): { nodeType: string; index: string | undefined; indexCond: string | undefined }[] {
  return planNodes(plan)
    .filter((node) => node["Relation Name"] === relation && node["Node Type"].endsWith("Scan"))
    .filter((node) => node["Actual Loops"] !== 0)
    .map((node) => {
      const through = node["Node Type"] === "Bitmap Heap Scan" ? node.Plans?.[0] : node;
      return {
        nodeType: node["Node Type"],
        index: through?.["Index Name"],
        indexCond: through?.["Index Cond"],
      };
    });
}

/** A plan as auto_explain sends it (`format json`): the statement's text and its plan. */
export interface LoggedPlan {
  "Query Text": string;
  Plan: PlanNode;
}

/**
 * A PostgreSQL database of the test's own, migrated, with one shop (id 1), and a connection of its own to it whose
 * plans the test can watch (`watchPlans`).
 */
export async function planTestDatabase(): Promise<{ database: TestDatabase; client: pg.Client }> {
  const database = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  await client.query(`insert into shops (id, name, secret_key_hash, secret_key_sealed, webhook_secret_sealed,
      private_key_sealed, public_key, key_id, settings)
    values (1, 'Plan Shop', 'hash', '\\x00', '\\x00', '\\x00', 'public', 'key', '{}')`);
  return { database, client };
}

/**
 * Has PostgreSQL send every plan of this connection, nested ones included, as a notice (auto_explain, executed, with
 * the pages each node touched), with `settings` (`name = value`) set too.
 */
export async function watchPlans(client: pg.Client, settings: string[] = []): Promise<void> {
  await client.query(`load 'auto_explain'`);
  for (const setting of [
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_nested_statements = on",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
    "auto_explain.log_format = json",
    "auto_explain.log_level = notice",
    "client_min_messages = notice",
    ...settings,
  ]) {
    await client.query(`set ${setting}`);
  }
}

/** What `run` returns, with the plans the watched connection sent while it ran. */
export async function withPlans<T>(
  client: pg.Client,
  run: () => Promise<T>,
): Promise<{ result: T; plans: LoggedPlan[] }> {
  const plans: LoggedPlan[] = [];
  const onNotice = (notice: { message?: string }) => {
    const json = notice.message?.match(/plan:\s*([\s\S]*)$/)?.[1];
    if (json) plans.push(JSON.parse(json));
  };
  client.on("notice", onNotice);
  try {
    return { result: await run(), plans };
  } finally {
    client.off("notice", onNotice);
  }
}
