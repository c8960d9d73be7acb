import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRowsPrepared } from "@/lib/db/client";
import { GroupCommit } from "@/lib/db/group-commit";
import { arrayLiteral } from "@/lib/db/json-insert";
import type { Logger } from "@/lib/server/log";
import type { Clock } from "../clock";
import { GatewayError } from "../errors";

/** One tokenization's card, as the card limits see it: keyed per-shop digests, and what a refusal may record. */
export interface CardSighting {
  shopId: number;
  /** Keyed digest of the number (`cardSighting`). */
  card: string;
  /** Keyed digest of the number's family (`cardFamily`), and its advisory-lock key. */
  family: string;
  familyLockKey: bigint;
  /** The shop's cap on new cards a minute; null: none. */
  newCardLimit: number | null;
  bin: string;
  last4: string;
}

export type SightingVerdict =
  | { verdict: "seen" | "new" }
  | { verdict: "family_limited" | "new_card_limited"; retryAfterSeconds: number };

/**
 * Checks and records the cards of concurrent tokenizations together (lib/db/functions/tessera_sight_cards.sql): one
 * statement per batch, as the transaction writer does, rather than one per request. Every tokenization of a card
 * number goes through it, and on the embedded database, which runs one statement at a time, a statement per request
 * would cost the gateway most of its throughput. The batch is judged in arrival order, under the same locks a
 * single request would take, so a batch can never let more numbers through than requests one by one would.
 */
export class CardSightingWriter {
  private readonly batches: GroupCommit<CardSighting, SightingVerdict>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: { concurrentStore: boolean; familyLimit: number; windowSeconds: number },
  ) {
    this.batches = new GroupCommit(
      async (sightings) => (await this.write(sightings)).map((value) => ({ ok: true, value })),
      { concurrentBatches: options.concurrentStore ? 8 : 1 },
    );
  }

  sight(sighting: CardSighting): Promise<SightingVerdict> {
    return this.batches.write(sighting);
  }

  private async write(sightings: CardSighting[]): Promise<SightingVerdict[]> {
    // The test clock's time, or null: the database's clock_timestamp(), read after the locks are granted.
    const at = this.clock.isFixed ? this.clock.now().toISOString() : null;
    const rows = await queryRowsPrepared<SightingRow>(
      this.db,
      sql`select ordinal, verdict, retry_after_seconds from tessera_sight_cards(
        ${sightingArguments(sightings, this.options)}, ${at}::timestamptz)`,
      "tessera_sight_cards",
    );
    const verdicts: SightingVerdict[] = [];
    for (const row of rows) verdicts[Number(row.ordinal) - 1] = sightingVerdict(row);
    if (verdicts.length !== sightings.length || verdicts.includes(undefined as never)) {
      throw new Error("tessera_sight_cards answered for a different number of cards");
    }
    return verdicts;
  }
}

/** A row of `tessera_sight_cards`: the 1-based position of the card in its batch, and its verdict. */
export interface SightingRow {
  ordinal: number;
  verdict: string;
  retry_after_seconds: number | null;
}

export function sightingVerdict(row: Pick<SightingRow, "verdict" | "retry_after_seconds">): SightingVerdict {
  return row.verdict === "family_limited" || row.verdict === "new_card_limited"
    ? { verdict: row.verdict, retryAfterSeconds: Number(row.retry_after_seconds) }
    : { verdict: row.verdict === "seen" ? "seen" : "new" };
}

/**
 * The sightings as `tessera_sight_cards` takes them, up to its time: one array parameter per field,
 * then the family limit and the window.
 */
export function sightingArguments(
  sightings: readonly CardSighting[],
  limits: { familyLimit: number; windowSeconds: number },
): SQL {
  const column = (pick: (sighting: CardSighting) => string | number | bigint) =>
    arrayLiteral(sightings.map(pick));
  // An unquoted NULL element is SQL null (arrayLiteral writes none).
  const newCardLimits = `{${sightings.map((s) => (s.newCardLimit === null ? "NULL" : String(s.newCardLimit))).join(",")}}`;
  return sql`${column((s) => s.shopId)}::integer[], ${column((s) => s.card)}::text[],
    ${column((s) => s.family)}::text[], ${column((s) => s.familyLockKey)}::bigint[], ${newCardLimits}::integer[],
    ${column((s) => s.bin)}::text[], ${column((s) => s.last4)}::text[],
    ${limits.familyLimit}::integer, ${limits.windowSeconds}::integer`;
}

export const CARD_FAMILY_LIMITED = "Too many different cards with the same first and last digits";
export const NEW_CARD_LIMITED = "Too many new cards in a minute";

/** The `429` of a number a card limit refused, logged with the shop and the limit (nothing of the card). */
export function cardLimitError(
  logger: Pick<Logger, "warn">,
  shopId: number,
  refused: Extract<SightingVerdict, { retryAfterSeconds: number }>,
): GatewayError {
  const kind = refused.verdict === "family_limited" ? "card_family_limit" : "new_card_limit";
  const { retryAfterSeconds } = refused;
  logger.warn({ shopId, kind, retryAfterSeconds }, "tokenization refused by a card limit");
  return new GatewayError("rate_limited", {
    retryAfterSeconds,
    message: kind === "card_family_limit" ? CARD_FAMILY_LIMITED : NEW_CARD_LIMITED,
    rule: kind === "card_family_limit" ? "card_family" : "new_cards",
  });
}
