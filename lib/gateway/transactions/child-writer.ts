import { sql } from "drizzle-orm";
import type { ChildTransactionType } from "@/lib/contracts/child-transaction";
import { type Database, queryRowsPrepared } from "@/lib/db/client";
import { GroupCommit, type ItemOutcome } from "@/lib/db/group-commit";
import type { ChildOwnBody } from "./child-body";

/** tessera_reserve_child's arguments, by name: one capture, void or refund to reserve under its parent's lock. */
export interface ChildReservation {
  locked_parent_uid: string;
  parent_shop_id: number;
  authorization_expiry_days: number;
  child_uid: string;
  child_type: ChildTransactionType;
  child_amount: number;
  child_currency: string | null;
  child_tracking_id: string | null;
  child_tracking_ids: string[] | null;
  over_ceiling_currencies: string[];
  check_duplicate: boolean;
  duplicate_window_seconds: number;
  /** The test clock's time (ISO), or null for the database's. */
  at: string | null;
  /** What the child stores of its own (`ChildOwnBody`); its response renders it with its parent's body. */
  child_body: ChildOwnBody;
}

/** What tessera_reserve_child answers: the child's row when reserved, the parent's figures when refused. */
export interface ReservationAnswer {
  outcome: "reserved" | "refused" | "duplicate" | "not_found";
  /** The refusal codes (`ChildRefusalCode` in lib/gateway/payments/child-refusals.ts). */
  refusals: string[] | null;
  parent_type: string | null;
  parent_status: string | null;
  parent_currency: string | null;
  remaining: number | string | null;
  expires_at: string | Date | null;
  parent_result: { ref_id?: string | null } | null;
  /** The body of the payment or authorization the child descends from, which its response is rendered with. */
  origin_body: Record<string, unknown> | null;
  child: Record<string, unknown> | null;
}

/** tessera_finish_child's arguments, by name: a child given its acquirer's answer under its parent's lock. */
export interface ChildFinish {
  child_uid: string;
  locked_parent_uid: string;
  parent_shop_id: number;
  child_status: "successful" | "failed" | "error";
  child_body: ChildOwnBody;
  at: string | null;
  delivery_id: string | null;
  delivery_url: string | null;
}

/**
 * The two locked steps of captures, voids and refunds (tessera_reserve_child, tessera_finish_child) with group
 * commit (`GroupCommit`), as new payments and their answers are written: the children that arrive together are
 * reserved in one statement and finished in another (tessera_reserve_children, tessera_finish_children), each by its
 * own call of the one rule. What a child cost was mostly each statement's round trip and commit, not its rules: on
 * the embedded database, measured on a grown store, a reservation alone took 2.5 ms, and 1.7 ms in batches of 4 to
 * 16; on PostgreSQL, statements of one child each cost a refund 1.4–1.5 ms of the gateway's CPU and 1.8–2.0 ms of
 * the database's, batches 0.8–0.9 and 1.0–1.1 (docs/decisions.md, "Children batched on PostgreSQL").
 *
 * A batch holds each of its parents' row locks until it commits. The functions take the items in their parents'
 * order (children of one parent in the order they came), so every batch, of whichever instance, locks parents in
 * the same order and two never wait for each other in a circle.
 */
export class ChildWriter {
  private readonly reservations: GroupCommit<ChildReservation, ReservationAnswer>;
  private readonly finishes: GroupCommit<ChildFinish, string | Date | null>;

  constructor(
    private readonly db: Database,
    options: { concurrentStore: boolean },
  ) {
    const batching = { concurrentBatches: options.concurrentStore ? 8 : 1, maxBatch: 64 };
    this.reservations = new GroupCommit((items) => this.reserveBatch(items), batching);
    this.finishes = new GroupCommit((items) => this.finishBatch(items), batching);
  }

  reserve(reservation: ChildReservation): Promise<ReservationAnswer> {
    return this.reservations.write(reservation);
  }

  /** The child's `updated_at` once finished, or null when it had finished already (a repeat: nothing changed). */
  finish(finish: ChildFinish): Promise<string | Date | null> {
    return this.finishes.write(finish);
  }

  private async reserveBatch(items: ChildReservation[]): Promise<ItemOutcome<ReservationAnswer>[]> {
    const rows = await queryRowsPrepared<ReservationAnswer & { item_ord: number | string }>(
      this.db,
      sql`select item_ord, outcome, refusals, parent_type, parent_status, parent_currency, remaining, expires_at,
          parent_result, origin_body, child
        from tessera_reserve_children(${JSON.stringify(items)}::json)`,
      "tessera_reserve_children",
    );
    return inOrder(items, rows);
  }

  private async finishBatch(items: ChildFinish[]): Promise<ItemOutcome<string | Date | null>[]> {
    const rows = await queryRowsPrepared<{ item_ord: number | string; finished_at: string | Date | null }>(
      this.db,
      sql`select item_ord, finished_at from tessera_finish_children(${JSON.stringify(items)}::json)`,
      "tessera_finish_children",
    );
    return inOrder(items, rows).map((outcome) =>
      outcome.ok ? { ok: true, value: outcome.value.finished_at } : outcome,
    );
  }
}

/** Each item's row, by the ordinal the database answered it with (1 for the first). */
function inOrder<Row extends { item_ord: number | string }>(
  items: readonly unknown[],
  rows: Row[],
): ItemOutcome<Row>[] {
  const byOrdinal = new Map(rows.map((row) => [Number(row.item_ord), row]));
  return items.map((_, index) => {
    const row = byOrdinal.get(index + 1);
    return row
      ? { ok: true, value: row }
      : { ok: false, error: new Error(`No answer for item ${index + 1}`) };
  });
}
