-- The reservation step of a capture, void or refund, for lib/gateway/payments/create-child-transaction.ts.
--
-- What a parent's children add up to, by type and status (the successful ones and those still waiting for the
-- acquirer), as one value: what the gateway decides a child's rules on, read without a lock, and compared again
-- under the lock before the child is inserted.
CREATE OR REPLACE FUNCTION tessera_child_totals(parent text)
RETURNS jsonb
LANGUAGE sql STABLE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
  SELECT coalesce(jsonb_object_agg(totals.type || '/' || totals.status, totals.total), '{}'::jsonb)
    FROM (SELECT c.type, c.status, sum(c.amount) AS total
            FROM transactions c
           WHERE c.parent_uid = parent AND c.status IN ('successful', 'incomplete')
           GROUP BY c.type, c.status) AS totals
$$;
--> statement-breakpoint
-- Inserts the `incomplete` child (its amount reserved) under the parent's row lock (`FOR UPDATE`), in one
-- statement, if the parent is still as the gateway saw it when it checked the child's rules: the same children's
-- totals and the same expiry verdict. Otherwise nothing is inserted and the parent as it is now comes back
-- ('changed'), for the rules to be checked again. The duplicate check (same type and amount within the window)
-- is made under the lock too. Returns the child's created_at ('reserved'), or only the outcome.
--
-- Why compare rather than decide here: the rules and their error messages stay in one place, the gateway; the
-- database guarantees that what they were decided on has not changed by the time the child is written. Why one
-- statement: as a client-side transaction (begin, lock, read, insert, commit) the parent's lock was held across
-- four round trips, and on the embedded database the one connection with it.
CREATE OR REPLACE FUNCTION tessera_reserve_child(
  locked_parent_uid text,
  parent_shop_id integer,
  expected_totals jsonb,
  expected_expired boolean,
  authorization_expiry_days integer,
  check_duplicate boolean,
  duplicate_window_seconds integer,
  at timestamptz,
  child json
)
RETURNS TABLE (outcome text, child_totals jsonb, parent_expired boolean, reserved_at timestamptz)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  parent record;
  now_at timestamptz;
  current_totals jsonb;
  is_expired boolean;
  new_child transactions;
  inserted_at timestamptz;
BEGIN
  SELECT t.type, t.created_at INTO parent
    FROM transactions t WHERE t.uid = locked_parent_uid AND t.shop_id = parent_shop_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::jsonb, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  -- After the lock: this statement's snapshot sees every child committed before it was granted.
  current_totals := tessera_child_totals(locked_parent_uid);
  now_at := coalesce(at, clock_timestamp());
  is_expired := parent.type = 'authorization'
    AND parent.created_at + make_interval(days => authorization_expiry_days) <= now_at;
  IF current_totals <> expected_totals OR is_expired <> expected_expired THEN
    RETURN QUERY SELECT 'changed'::text, current_totals, is_expired, NULL::timestamptz;
    RETURN;
  END IF;
  IF check_duplicate AND EXISTS (
    SELECT 1 FROM transactions c
     WHERE c.parent_uid = locked_parent_uid
       AND c.type = child->>'type'
       AND c.amount = (child->>'amount')::bigint
       AND c.created_at > now_at - make_interval(secs => duplicate_window_seconds)
  ) THEN
    RETURN QUERY SELECT 'duplicate'::text, current_totals, is_expired, NULL::timestamptz;
    RETURN;
  END IF;
  -- `json`, not `jsonb`: the body keeps its keys' order.
  new_child := json_populate_record(NULL::transactions, child);
  new_child.created_at := now_at;
  new_child.updated_at := now_at;
  -- The time as stored (the column keeps milliseconds), not as given.
  INSERT INTO transactions SELECT (new_child).* RETURNING transactions.created_at INTO inserted_at;
  RETURN QUERY SELECT 'reserved'::text, current_totals, is_expired, inserted_at;
END;
$$;
