-- The finishing step of a capture, void or refund, for lib/gateway/payments/finish-child-transaction.ts, in one
-- statement: under the parent's row lock (`FOR UPDATE`), ends the `incomplete` child with its final status and body
-- through the one transition (tessera_finish_transactions), recomputes the parent's `amounts` from its successful
-- children (the rules of parentAmounts in lib/gateway/payments/parent-state.ts) and queues the merchant's
-- notification. Returns the child's `updated_at`, or null when the child had already finished (a repeat: nothing
-- changes twice).
--
-- Why a function: as a sequence of statements in a client-side transaction, each step was a round trip with the
-- parent's lock held in between. A VOLATILE function's queries each take a snapshot of their own, so the totals
-- are read after the lock was granted and see every child another instance finished before. An authorization's
-- expiry is the one its stored body answered with, or its creation plus the shop's setting for a row without it.
CREATE OR REPLACE FUNCTION tessera_finish_child(
  child_uid text,
  locked_parent_uid text,
  parent_shop_id integer,
  child_status text,
  child_body json,
  at timestamptz,
  authorization_expiry_days integer,
  delivery_id text,
  delivery_url text
)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE
-- As for the batch write (tessera_lock_for_batch_write): a generic plan kept for the connection's life, made while the table
-- was nearly empty, must not be a sequential scan of every transaction.
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  parent record;
  finished_at timestamptz;
  captured bigint;
  voided bigint;
  refunded bigint;
  is_authorization boolean;
  is_refundable boolean;
  amounts json;
  parent_body json;
BEGIN
  PERFORM 1 FROM transactions t WHERE t.uid = locked_parent_uid AND t.shop_id = parent_shop_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'tessera_finish_child: parent % not found', locked_parent_uid;
  END IF;
  -- The child ends through the one transition (keeping its parent's card token, as every child does).
  SELECT f.updated_at INTO finished_at
    FROM tessera_finish_transactions(
      json_build_array(json_build_object('uid', child_uid, 'status', child_status, 'body', child_body, 'keep_card', true)),
      at) f;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  SELECT t.type, t.status, t.amount, t.created_at, t.body INTO parent
    FROM transactions t WHERE t.uid = locked_parent_uid;
  SELECT coalesce(sum(c.amount) FILTER (WHERE c.type = 'capture'), 0),
         coalesce(sum(c.amount) FILTER (WHERE c.type = 'void'), 0),
         coalesce(sum(c.amount) FILTER (WHERE c.type = 'refund'), 0)
    INTO captured, voided, refunded
    FROM transactions c WHERE c.parent_uid = locked_parent_uid AND c.status = 'successful';
  is_authorization := parent.type = 'authorization';
  is_refundable := parent.type IN ('payment', 'capture');
  amounts := json_build_object(
    'captured', CASE WHEN is_authorization THEN captured ELSE 0 END,
    'voided', CASE WHEN is_authorization THEN voided ELSE 0 END,
    'refunded', CASE WHEN is_refundable THEN refunded ELSE 0 END,
    'capturable', CASE WHEN is_authorization AND parent.status = 'successful' AND voided = 0
                       THEN parent.amount - captured ELSE 0 END,
    'refundable', CASE WHEN is_refundable AND parent.status = 'successful' THEN parent.amount - refunded ELSE 0 END,
    'authorization_expires_at', CASE WHEN is_authorization THEN coalesce(
      parent.body->'amounts'->>'authorization_expires_at',
      to_char((parent.created_at + make_interval(days => authorization_expiry_days)) AT TIME ZONE 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
  );
  -- `amounts` replaced where it stands, or added last: the body is `json` and keeps its keys' order.
  SELECT json_object_agg(e.key, CASE WHEN e.key = 'amounts' THEN amounts ELSE e.value END ORDER BY e.ord)
    INTO parent_body
    FROM (
      SELECT j.key, j.value, j.ord FROM json_each(parent.body) WITH ORDINALITY AS j(key, value, ord)
      UNION ALL
      SELECT 'amounts', amounts, 9223372036854775807
       WHERE NOT EXISTS (SELECT 1 FROM json_each(parent.body) AS k WHERE k.key = 'amounts')
    ) AS e;
  UPDATE transactions t SET body = parent_body, updated_at = coalesce(at, clock_timestamp())
   WHERE t.uid = locked_parent_uid;

  IF delivery_url IS NOT NULL THEN
    INSERT INTO notification_deliveries (id, shop_id, transaction_uid, url, next_attempt_at, created_at, updated_at)
    VALUES (delivery_id, parent_shop_id, child_uid, delivery_url, coalesce(at, clock_timestamp()),
            coalesce(at, clock_timestamp()), coalesce(at, clock_timestamp()));
  END IF;
  RETURN finished_at;
END;
$$;
