-- The locks and reads a batch write needs before it inserts, for lib/gateway/tokenization/transaction-writer.ts.
-- Takes, in this order (every writer does, so they cannot deadlock):
--   1. the data-key rotation lock, shared (lib/gateway/vault/rotate-keys.ts takes it exclusively to switch keys);
--   2. the duplicate check's advisory locks of the batch's fingerprints, lock_keys sorted ascending;
-- then returns ('recent', fingerprint) for each of `fingerprints` that a transaction created in the window before
-- `at` (null: clock_timestamp(), read after the locks were granted) carries, and ('active_key', id) for each of
-- `key_ids` that is still the active data key. All locks are held until the write commits.
--
-- Why a function: the writer inserts a batch with one statement, and a statement's snapshot is taken when it
-- starts, before any lock it waits for. A VOLATILE function's queries each take a snapshot of their own, so the
-- reads below see whatever a concurrent writer or rotation holding one of these locks committed.
CREATE OR REPLACE FUNCTION tessera_lock_for_batch_write(
  rotation_lock_key bigint,
  lock_keys bigint[],
  fingerprints text[],
  window_seconds integer,
  at timestamptz,
  key_ids text[]
)
RETURNS TABLE (kind text, value text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(rotation_lock_key);
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  RETURN QUERY
    SELECT DISTINCT 'recent', t.duplicate_fingerprint
    FROM transactions AS t
    WHERE t.duplicate_fingerprint = ANY(fingerprints)
      AND t.created_at > coalesce(at, clock_timestamp()) - make_interval(secs => window_seconds);
  RETURN QUERY
    SELECT 'active_key', k.id FROM vault_keys AS k WHERE k.id = ANY(key_ids) AND k.active;
END
$$;
