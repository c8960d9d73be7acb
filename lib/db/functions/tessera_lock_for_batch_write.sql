-- The locks and reads a batch write needs before it inserts, for lib/gateway/transactions/transaction-writer.ts
-- (through tessera_check_batch_write). Takes, in this order (every writer does, so they cannot deadlock):
--   1. the data-key rotation lock, shared (lib/gateway/vault/rotate-keys.ts takes it exclusively to switch keys);
--   2. the duplicate check's advisory locks of the batch's fingerprints, lock_keys sorted ascending;
-- then returns ('recent', fingerprint) for each of `fingerprints` that a transaction created in the window before
-- `at` (null: clock_timestamp(), read after the locks were granted) carries, and ('active_key', id) for each of
-- `key_ids` that is still the active data key. All locks are held until the write commits.
--
-- Why a function: the writer inserts a batch with one statement, and a statement's snapshot is taken when it
-- starts, before any lock it waits for. A VOLATILE function's queries each take a snapshot of their own, so the
-- reads below see whatever a concurrent writer or rotation holding one of these locks committed.
--
-- The duplicate check's plan must not depend on the table's size or statistics. Every tokenization runs it, and it
-- finds almost always nothing; it must stay a probe of transactions_fingerprint_idx however the table grows. Three
-- ways it was not (docs/decisions.md, "Transaction writer"):
--
-- - The window's start was computed inside the query from clock_timestamp(), which is volatile and so could not be
--   an index condition: the index found every transaction the fingerprints ever had, and the heap was read to filter
--   them by time.
-- - PL/pgSQL keeps a generic plan per connection after a few calls, replaced only when the table's statistics or
--   definition change (an ANALYZE, a migration). Made while a new database's table held a few rows, it was a
--   sequential scan, cheapest then, kept while the table grew: a read of the whole table per batch, slower with every
--   transaction written (the gateway's p99 went from 17 ms to 40-50 ms in a 10 s benchmark, on the connections that
--   happened to plan early).
-- - Without statistics (autovacuum off or behind under a steady stream of inserts), PostgreSQL's default estimates
--   put thousands of rows behind `= ANY(fingerprints)`, and past some size it started parallel workers for the read:
--   a worker launch per batch (IPC:ExecuteGather, IPC:BgWorkerShutdown).
--
-- So the window's start is read once, after the locks are granted, into a variable, so both columns of the index
-- bound the scan; and the function's queries are planned without sequential scans (there is an index for each) and
-- without parallel workers, which a read of a few index entries never needs.
CREATE OR REPLACE FUNCTION tessera_lock_for_batch_write(
  rotation_lock_key bigint,
  lock_keys bigint[],
  fingerprints text[],
  window_seconds integer,
  at timestamptz,
  key_ids text[]
)
RETURNS TABLE (kind text, value text)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  lock_key bigint;
  window_start timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(rotation_lock_key);
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  -- After the locks: a concurrent batch holding one of them has committed by now, and its rows are inside the window.
  window_start := coalesce(at, clock_timestamp()) - make_interval(secs => window_seconds);
  RETURN QUERY
    SELECT DISTINCT 'recent', t.duplicate_fingerprint
    FROM transactions AS t
    WHERE t.duplicate_fingerprint = ANY(fingerprints)
      AND t.created_at > window_start;
  RETURN QUERY
    SELECT 'active_key', k.id FROM vault_keys AS k WHERE k.id = ANY(key_ids) AND k.active;
END
$$;
