-- The duplicate check's read, for lib/gateway/tokenization/transaction-writer.ts: takes the advisory locks of a
-- batch's fingerprints, then returns those of them that a transaction created in the window before `at` (null:
-- clock_timestamp(), read after the locks were granted) already carries.
--
-- Why a function: the writer inserts a batch with one statement, and a statement's snapshot is taken when it
-- starts, before any lock it waits for. A VOLATILE function's queries each take a snapshot of their own, so the
-- read below sees every transaction committed by a concurrent batch that held one of these locks.
-- lock_keys must be sorted ascending: concurrent batches then take shared keys in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION tessera_lock_recent_fingerprints(
  lock_keys bigint[],
  fingerprints text[],
  window_seconds integer,
  at timestamptz
)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key bigint;
BEGIN
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  RETURN QUERY
    SELECT DISTINCT t.duplicate_fingerprint
    FROM transactions AS t
    WHERE t.duplicate_fingerprint = ANY(fingerprints)
      AND t.created_at > coalesce(at, clock_timestamp()) - make_interval(secs => window_seconds);
END
$$;
