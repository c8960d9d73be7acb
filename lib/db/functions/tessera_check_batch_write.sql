-- A payment's card checks in its first write: the batch writer (lib/gateway/transactions/transaction-writer.ts)
-- takes its locks and reads (tessera_lock_for_batch_write), then checks and records the numbers its payments were
-- sent in full against the card limits (tessera_sight_cards; the gateway's side is lib/gateway/cards/), in that
-- order, in one statement: a payment is one round trip before the acquirer where it was two. The rows of both, the
-- sightings' as kind 'sighting' with their ordinal, verdict and Retry-After.
--
-- The order is fixed here, not left to the planner: every statement that takes both kinds of lock takes the
-- duplicate check's first, and the tokenizations' own sighting statement takes only the card limits', so no two
-- statements wait on each other in a circle. Under a retired data key the batch writes nothing and is written again
-- once its cards are sealed anew: its numbers are sighted then, once.
CREATE OR REPLACE FUNCTION tessera_check_batch_write(
  rotation_lock_key bigint,
  lock_keys bigint[],
  fingerprints text[],
  window_seconds integer,
  at timestamptz,
  key_ids text[],
  sighting_shop_ids integer[],
  card_digests text[],
  family_digests text[],
  family_lock_keys bigint[],
  new_card_limits integer[],
  bins text[],
  last_4s text[],
  family_limit integer,
  sighting_window_seconds integer
)
RETURNS TABLE (kind text, value text, ordinal integer, retry_after_seconds integer)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  active_keys integer;
BEGIN
  RETURN QUERY
    SELECT l.kind, l.value, NULL::integer, NULL::integer
      FROM tessera_lock_for_batch_write(rotation_lock_key, lock_keys, fingerprints, window_seconds, at, key_ids) AS l;
  IF coalesce(cardinality(card_digests), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT count(*) INTO active_keys FROM vault_keys AS k WHERE k.id = ANY(key_ids) AND k.active;
  IF active_keys < coalesce(cardinality(key_ids), 0) THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'sighting'::text, s.verdict, s.ordinal, s.retry_after_seconds
      FROM tessera_sight_cards(sighting_shop_ids, card_digests, family_digests, family_lock_keys, new_card_limits,
                               bins, last_4s, family_limit, sighting_window_seconds, at) AS s;
END
$$;
