import { sql } from "drizzle-orm";
// A digest's first 60 bits as an advisory-lock key, as the duplicate check takes its fingerprints'.
import { advisoryLockKey } from "@/lib/db/advisory-lock-key";
import type { Database } from "@/lib/db/client";
import type { Logger } from "@/lib/server/log";
import type { Clock } from "../clock";
import type { AuthenticatedShop } from "../shops/shop-directory";
import type { Keyring } from "../vault/keyring";
import { type CardSighting, type CardSightingWriter, cardLimitError } from "./card-sighting-writer";
import type { CardDescription } from "./describe-card";

/**
 * Distinct numbers of one card family (same leading digits and last 4) a shop may tokenize in the window. A merchant
 * sees `bin_8` (or `bin`) and `last_4` of its shoppers' cards, which leaves about a thousand Luhn-valid candidates
 * for the rest: tokenizing them one by one would find the number. Real cards almost never share 12 digits, so a
 * fourth distinct number of a family is refused.
 */
export const CARD_FAMILY_LIMIT = 3;
export const CARD_SIGHTING_WINDOW_SECONDS = 24 * 3600;

/**
 * Records that the shop is given this number, refusing it (`429` with `Retry-After`) when the shop has tried
 * `CARD_FAMILY_LIMIT` distinct numbers of its family in 24 hours, or taken its `new_card_limit_per_minute` new cards
 * in the last minute. Below the limits every number passes, and a number the shop was given within 24 hours does
 * not count again. At a limit every number is refused, seen ones too: were a shopper's known card let through where
 * the guesses around it are refused, the answer would point it out. The check and the record are one database
 * statement for a batch of concurrent requests (`CardSightingWriter`), under database locks, so instances sharing a
 * PostgreSQL enforce the limits together. A payment's number is checked the same way by its first write instead
 * (`TransactionWrite.sighting`), in the same statement.
 * Only keyed per-shop digests of the number are stored; a refusal's security event keeps `bin` and `last_4`, as any
 * transaction does, and its log line not even those.
 */
export async function sightCard(options: {
  deps: { cardSightings: CardSightingWriter; keyring: Keyring; logger: Logger };
  shop: AuthenticatedShop;
  number: string;
  card: CardDescription;
}): Promise<void> {
  const { deps, shop } = options;
  const sighted = await deps.cardSightings.sight(cardSighting(options));
  if ("retryAfterSeconds" in sighted) throw cardLimitError(deps.logger, shop.id, sighted);
}

/** What the card limits check and record of the shop's `number`: keyed per-shop digests, and the shop's cap. */
export function cardSighting({
  deps,
  shop,
  number,
  card,
}: {
  deps: { keyring: Keyring };
  shop: AuthenticatedShop;
  number: string;
  card: CardDescription;
}): CardSighting {
  const { hashes } = deps.keyring;
  const family = hashes.cardFamily({
    shopId: shop.id,
    leadingDigits: card.bin_8 ?? card.bin,
    last4: card.last_4,
  });
  return {
    shopId: shop.id,
    card: hashes.cardSighting({ shopId: shop.id, number }),
    family,
    familyLockKey: advisoryLockKey(family),
    newCardLimit: shop.settings.new_card_limit_per_minute || null,
    bin: card.bin,
    last4: card.last_4,
  };
}

/** Drops sightings older than the window, which count for nothing any more; called from the maintenance loop. */
export async function pruneCardSightings(deps: { db: Database; clock: Clock }): Promise<void> {
  await deps.db.execute(
    sql`delete from card_sightings
        where seen_at < ${deps.clock.sqlNow()} - make_interval(secs => ${CARD_SIGHTING_WINDOW_SECONDS})`,
  );
}
