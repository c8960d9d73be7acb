-- One guarded transition: a transaction leaves `incomplete` (for `successful`, `failed` or `error`) through this
-- function alone, and only once — a row that has already ended is not touched, whoever asks and however often.
-- Every end goes through it: the acquirers' answers of payments and payouts (a batch of them at once), a
-- tokenization's or payment's 3-D Secure verification, a child's finish (tessera_finish_child), the recovery of
-- unanswered transactions. `ends` is a JSON array of {uid, status, body, keep_card}; the card token stays
-- (`keep_card`) or is taken off, never replaced. The rows ended now are returned; none for a transaction that had
-- already ended (or does not exist). One UPDATE for the whole batch: a function call per transaction cost the
-- embedded database a fifth of a payment's throughput.
--
-- The rows are found by their uids (`finishing`, an index condition on the primary key), whatever the table's size or
-- statistics. Joined on the JSON's uids alone, the UPDATE was planned, while the table held a few rows (a new
-- database, or statistics not yet gathered), as a scan of the whole table (through its primary key, sequential scans
-- being off) hashed or looped against the ends; PL/pgSQL kept that plan for the connection's life, and every finish
-- read every transaction: on PostgreSQL, refunds spent most of the database's CPU there.
-- Its statements are planned once a connection (`plan_cache_mode = force_generic_plan`): left to choose, PostgreSQL
-- found the generic plan of the UPDATE (the ends' count unknown) dearer than a plan for the values at hand and
-- planned it again at every call — 90 µs of the database's CPU per finish, more than running it.
CREATE OR REPLACE FUNCTION tessera_finish_transactions(ends json, at timestamptz)
RETURNS TABLE (uid text, created_at timestamptz, updated_at timestamptz)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  refused record;
  finishing text[];
BEGIN
  SELECT e.status INTO refused FROM json_to_recordset(ends) AS e(status text)
   WHERE e.status IS NULL OR e.status NOT IN ('successful', 'failed', 'error')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'tessera_finish_transactions: % is not a final status', coalesce(refused.status, 'null');
  END IF;
  finishing := ARRAY(SELECT e.uid FROM json_to_recordset(ends) AS e(uid text));
  RETURN QUERY
    UPDATE transactions t
       SET status = e.status,
           body = e.body,
           card_token = CASE WHEN e.keep_card THEN t.card_token END,
           updated_at = coalesce(at, clock_timestamp())
      FROM json_to_recordset(ends) AS e(uid text, status text, body json, keep_card boolean)
     WHERE t.uid = ANY (finishing) AND t.uid = e.uid AND t.status = 'incomplete'
    RETURNING t.uid, t.created_at, t.updated_at;
END;
$$;
