-- Writes a batch of new tokenization transactions (and their stored cards) in one round trip, with the duplicate
-- check. Called by lib/gateway/tokenization/transaction-writer.ts; see there for why batches exist.
--
-- batch: JSON array (jsonb: parsed once, read many times), in arrival order, of
--   {"fingerprint": text, "lock_key": bigint, "check_duplicate": bool,
--    "card": {token, shop_id, key_id, number_sealed (base64), stamp, exp_month, exp_year, holder} | null,
--    "transaction": {uid, shop_id, status, amount, currency, tracking_id, tracking_ids, card_token,
--                    duplicate_fingerprint, test, body (the response body as a JSON string: jsonb would
--                    reorder its keys)}}
-- at: the time to record; null means clock_timestamp() (tests pass a fixed clock).
--
-- A row is rejected as a duplicate when it asks for the check and an earlier row of the batch, or a transaction
-- created less than 30 s before, has the same fingerprint. The advisory locks on the batch's fingerprints are
-- taken (in ascending order, so concurrent batches cannot deadlock) before the earlier transactions are read; as
-- a VOLATILE plpgsql function, each statement below sees a snapshot taken after the locks were granted.
CREATE OR REPLACE FUNCTION tessera_write_transactions(batch jsonb, at timestamptz)
RETURNS TABLE (written_uid text, written_created_at timestamptz, written_updated_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  window_start timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key)
  FROM (SELECT DISTINCT (item->>'lock_key')::bigint AS lock_key FROM jsonb_array_elements(batch) AS item ORDER BY 1) AS keys;

  window_start := coalesce(at, clock_timestamp()) - interval '30 seconds';

  RETURN QUERY
  WITH input AS (
    SELECT position, item, item->>'fingerprint' AS fingerprint, (item->>'check_duplicate')::boolean AS check_duplicate
    FROM jsonb_array_elements(batch) WITH ORDINALITY AS elements(item, position)
  ),
  recent AS (
    SELECT DISTINCT t.duplicate_fingerprint AS fingerprint
    FROM transactions AS t
    WHERE t.duplicate_fingerprint IN (SELECT i.fingerprint FROM input AS i)
      AND t.created_at > window_start
  ),
  ranked AS (
    SELECT i.*, row_number() OVER (PARTITION BY i.fingerprint ORDER BY i.position) > 1 AS repeats_earlier
    FROM input AS i
  ),
  accepted AS (
    -- Materialised once, so a transaction and its card get the same time, in arrival order.
    SELECT r.item, coalesce(at, clock_timestamp()) AS written_at
    FROM ranked AS r
    WHERE NOT (r.check_duplicate AND (r.repeats_earlier OR r.fingerprint IN (SELECT fingerprint FROM recent)))
    ORDER BY r.position
  ),
  new_cards AS (
    INSERT INTO cards (token, shop_id, key_id, number_sealed, stamp, exp_month, exp_year, holder, created_at)
    SELECT c.token, c.shop_id, c.key_id, decode(c.number_sealed, 'base64'), c.stamp, c.exp_month, c.exp_year, c.holder,
           a.written_at
    FROM accepted AS a,
         jsonb_to_record(a.item->'card') AS c(token text, shop_id integer, key_id text, number_sealed text, stamp text,
                                              exp_month smallint, exp_year smallint, holder text)
    WHERE jsonb_typeof(a.item->'card') = 'object'
    RETURNING token
  )
  INSERT INTO transactions AS t (uid, shop_id, status, amount, currency, tracking_id, tracking_ids, card_token,
                                 duplicate_fingerprint, test, body, created_at, updated_at)
  SELECT x.uid, x.shop_id, x.status, x.amount, x.currency, x.tracking_id,
         ARRAY(SELECT jsonb_array_elements_text(a.item->'transaction'->'tracking_ids')), x.card_token,
         x.duplicate_fingerprint, x.test, (a.item->'transaction'->>'body')::json, a.written_at, a.written_at
  FROM accepted AS a,
       jsonb_to_record(a.item->'transaction') AS x(uid text, shop_id integer, status text, amount bigint, currency text,
                                                    tracking_id text, card_token text, duplicate_fingerprint text,
                                                    test boolean)
  RETURNING t.uid, t.created_at, t.updated_at;
END;
$$;
