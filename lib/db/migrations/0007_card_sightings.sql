-- The card vault gives no number back (lib/gateway/tokenization/sight-card.ts, lib/gateway/vault/rekey-stamps.ts).
--
-- card_sightings: the card numbers each shop tokenized in the last 24 hours, by keyed digests only (`card` of the
-- number, `family` of its leading digits and last 4, both per shop). A shop tokenizing many distinct numbers of one
-- family is guessing a number it knows in part; a shop tokenizing many new cards a minute is testing cards.
CREATE TABLE "card_sightings" (
	"shop_id" integer NOT NULL,
	"card" text NOT NULL,
	"family" text NOT NULL,
	"first_seen_at" timestamp (3) with time zone NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "card_sightings_shop_id_card_pk" PRIMARY KEY("shop_id","card")
);
--> statement-breakpoint
ALTER TABLE "card_sightings" ADD CONSTRAINT "card_sightings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_sightings_family_idx" ON "card_sightings" USING btree ("shop_id","family","seen_at");--> statement-breakpoint
CREATE INDEX "card_sightings_first_seen_idx" ON "card_sightings" USING btree ("shop_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "card_sightings_seen_idx" ON "card_sightings" USING btree ("seen_at");--> statement-breakpoint
-- What the card limits refused, for the operator (`npm run shop -- events`): never more of a card than bin and last 4.
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bin" text,
	"last_4" text,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_shop_created_idx" ON "security_events" USING btree ("shop_id","created_at");--> statement-breakpoint
-- Stamps used to be one global digest of the number, the same in every shop. Each stored card and each transaction
-- body written before this migration is listed here, and the gateway's start-up turns its stamp into the per-shop
-- stamp (keyed, so it cannot be done in SQL) before it serves a request, then removes the entry. Rows written after
-- this migration carry per-shop stamps from the start and are never listed.
CREATE TABLE "legacy_stamps" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "legacy_stamps_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
INSERT INTO "legacy_stamps" ("kind", "key") SELECT 'card', "token" FROM "cards";--> statement-breakpoint
INSERT INTO "legacy_stamps" ("kind", "key")
	SELECT 'transaction', "uid" FROM "transactions" WHERE "body"->'credit_card'->>'stamp' IS NOT NULL;
-- Records, for each i, that shop_ids[i] is tokenizing the card card_digests[i] (of family family_digests[i]), in
-- order, and answers (i, verdict, retry_after_seconds):
--   'seen'   the shop tokenized this number in the window (`window_seconds`): allowed, its sighting renewed;
--   'new'    a number new to the shop: allowed and recorded;
--   'family_limited'   refused: `family_limit` distinct numbers of its family were seen in the window;
--   'new_card_limited' refused: new_card_limits[i] numbers became new to the shop in the last minute (null: no limit).
-- A family or a shop at its limit refuses every number, seen ones too: if a number already seen passed where others
-- are refused, the answer would tell a guesser which candidate is a shopper's card. A refusal records nothing of the
-- card and writes a security event (bins[i], last_4s[i]); it comes with the seconds until the limit may let numbers
-- through again.
--
-- One call per batch of concurrent tokenizations (lib/gateway/tokenization/card-sighting-writer.ts). It first takes,
-- in this order (every call does, so they cannot deadlock), the advisory locks of the batch's families (family_lock_keys
-- ascending), then of its shops under a new-card limit (namespace 7311942 of the two-key form, shop ids ascending),
-- all held until the statement's transaction ends: instances tokenizing numbers of one family, or new cards of one
-- shop, at the same moment count each other. A VOLATILE function's queries each take a snapshot of their own, so the
-- reads after the locks see what a previous holder committed. Every tokenization runs it: its queries are planned
-- without sequential scans (each has an index), as tessera_lock_for_batch_write's are (migration 0006), or a plan
-- made while the table was small would read the whole table on every call.
-- tessera_sight_cards was defined here. Its current definition is lib/db/functions/tessera_sight_cards.sql, applied at
-- start-up (lib/db/database-functions.ts); this migration's text of it is in the repository's history.
