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
-- One call per batch of concurrent tokenizations (lib/gateway/cards/card-sighting-writer.ts). It first takes,
-- in this order (every call does, so they cannot deadlock), the advisory locks of the batch's families (family_lock_keys
-- ascending), then of its shops under a new-card limit (namespace 7311942 of the two-key form, shop ids ascending),
-- all held until the statement's transaction ends: instances tokenizing numbers of one family, or new cards of one
-- shop, at the same moment count each other. A VOLATILE function's queries each take a snapshot of their own, so the
-- reads after the locks see what a previous holder committed. Every tokenization runs it: its queries are planned
-- without sequential scans (each has an index), as tessera_lock_for_batch_write's are, or a plan
-- made while the table was small would read the whole table on every call.
CREATE OR REPLACE FUNCTION tessera_sight_cards(
  shop_ids integer[],
  card_digests text[],
  family_digests text[],
  family_lock_keys bigint[],
  new_card_limits integer[],
  bins text[],
  last_4s text[],
  family_limit integer,
  window_seconds integer,
  at timestamptz
)
RETURNS TABLE (ordinal integer, verdict text, retry_after_seconds integer)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  lock_key bigint;
  locked_shop integer;
  now_at timestamptz;
  window_start timestamptz;
  i integer;
  shop integer;
  members integer;
  seen boolean;
  new_cards integer;
  oldest timestamptz;
BEGIN
  FOR lock_key IN SELECT DISTINCT k FROM unnest(family_lock_keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  FOR locked_shop IN
    SELECT DISTINCT u.s FROM unnest(shop_ids, new_card_limits) AS u(s, l) WHERE u.l IS NOT NULL ORDER BY u.s
  LOOP
    PERFORM pg_advisory_xact_lock(7311942, locked_shop);
  END LOOP;
  now_at := coalesce(at, clock_timestamp());
  window_start := now_at - make_interval(secs => window_seconds);

  FOR i IN 1 .. coalesce(array_length(card_digests, 1), 0) LOOP
    ordinal := i;
    shop := shop_ids[i];
    SELECT count(*), coalesce(bool_or(s.card = card_digests[i]), false), min(s.seen_at) INTO members, seen, oldest
      FROM card_sightings AS s
      WHERE s.shop_id = shop AND s.family = family_digests[i] AND s.seen_at > window_start;
    IF members >= family_limit THEN
      INSERT INTO security_events (shop_id, kind, bin, last_4, created_at)
        VALUES (shop, 'card_family_limit', bins[i], last_4s[i], now_at);
      verdict := 'family_limited';
      retry_after_seconds :=
        greatest(1, ceil(extract(epoch FROM oldest + make_interval(secs => window_seconds) - now_at)))::integer;
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF new_card_limits[i] IS NOT NULL THEN
      SELECT count(*), min(s.first_seen_at) INTO new_cards, oldest FROM card_sightings AS s
        WHERE s.shop_id = shop AND s.first_seen_at > now_at - interval '60 seconds';
      IF new_cards >= new_card_limits[i] THEN
        INSERT INTO security_events (shop_id, kind, bin, last_4, created_at)
          VALUES (shop, 'new_card_limit', bins[i], last_4s[i], now_at);
        verdict := 'new_card_limited';
        retry_after_seconds := greatest(1, ceil(extract(epoch FROM oldest + interval '60 seconds' - now_at)))::integer;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    retry_after_seconds := 0;
    IF seen THEN
      UPDATE card_sightings AS s SET seen_at = now_at WHERE s.shop_id = shop AND s.card = card_digests[i];
      verdict := 'seen';
    ELSE
      INSERT INTO card_sightings AS s (shop_id, card, family, first_seen_at, seen_at)
        VALUES (shop, card_digests[i], family_digests[i], now_at, now_at)
        ON CONFLICT (shop_id, card) DO UPDATE
          SET family = excluded.family, first_seen_at = excluded.first_seen_at, seen_at = excluded.seen_at;
      verdict := 'new';
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
