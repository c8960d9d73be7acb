import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { cards, legacyStamps, transactions } from "@/lib/db/schema";
import type { KeyedHashes } from "../vault/keyed-hashes";
import type { OwnBody } from "./own-body";

/** Entries rewritten per database transaction: short enough that other instances starting meanwhile wait little. */
const BATCH = 500;

// Held per batch, so instances starting together share the work instead of rewriting one row twice.
const REKEY_LOCK_ID = 7_311_942_003;

/**
 * Turns the global stamps written before stamps were per shop (listed by migration 0007 in `legacy_stamps`) into
 * per-shop stamps, so that no shop can read a stamp another shop could match. A stored card's stamp becomes its
 * shop's stamp, computed from the old digest (no card number is decrypted). A transaction keeps a stamp only when it
 * succeeded, as new ones do: a failed or still pending one loses it. Runs at start-up, before the gateway serves;
 * every instance may run it (each batch is taken under a lock, and a finished run leaves nothing to do).
 *
 * @returns how many entries were rewritten.
 */
export async function rekeyLegacyStamps(db: Database, hashes: KeyedHashes): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REKEY_LOCK_ID})`);
      const entries = await tx.select().from(legacyStamps).limit(BATCH);
      if (entries.length === 0) return 0;
      const keysOf = (kind: "card" | "transaction") =>
        entries.filter((entry) => entry.kind === kind).map((entry) => entry.key);

      const cardTokens = keysOf("card");
      const storedCards =
        cardTokens.length === 0
          ? []
          : await tx
              .select({ token: cards.token, shopId: cards.shopId, stamp: cards.stamp })
              .from(cards)
              .where(inArray(cards.token, cardTokens));
      for (const card of storedCards) {
        await tx
          .update(cards)
          .set({ stamp: hashes.shopStampFromLegacy({ shopId: card.shopId, legacyStamp: card.stamp }) })
          .where(eq(cards.token, card.token));
      }

      const uids = keysOf("transaction");
      const rows =
        uids.length === 0
          ? []
          : await tx
              .select({
                uid: transactions.uid,
                shopId: transactions.shopId,
                status: transactions.status,
                body: transactions.body,
              })
              .from(transactions)
              .where(inArray(transactions.uid, uids));
      for (const row of rows) {
        const body = row.body as OwnBody;
        // A capture, void or refund stores no card of its own: it shows its parent's, rekeyed with the parent.
        if (!body.credit_card) continue;
        const legacyStamp = body.credit_card.stamp;
        const stamp =
          row.status === "successful" && legacyStamp
            ? hashes.shopStampFromLegacy({ shopId: row.shopId, legacyStamp })
            : null;
        // Rewritten in JavaScript, not with jsonb_set: the body is `json` and keeps the key order it was built in.
        await tx
          .update(transactions)
          .set({ body: { ...body, credit_card: { ...body.credit_card, stamp } } })
          .where(eq(transactions.uid, row.uid));
      }

      for (const kind of ["card", "transaction"] as const) {
        const keys = keysOf(kind);
        if (keys.length > 0) {
          await tx
            .delete(legacyStamps)
            .where(and(eq(legacyStamps.kind, kind), inArray(legacyStamps.key, keys)));
        }
      }
      return entries.length;
    });
    if (done === 0) return total;
    total += done;
  }
}
