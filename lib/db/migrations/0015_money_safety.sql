-- An idempotency key whose request failed after the acquirer was asked stays taken, bound to its transaction: a
-- repeat is answered 409 until the recovery sweep has finished that transaction, then with its stored answer.
ALTER TABLE "idempotency_keys" ADD COLUMN "transaction_uid" text;
--> statement-breakpoint
-- An authorization's expiry is fixed when it succeeds: the `amounts.authorization_expires_at` its stored body
-- answered with (from the shop's `authorization_expiry_days` of that moment). The reservation and finishing steps
-- of its children read that, not the shop's current setting, so changing the setting neither revives nor ends
-- existing holds; a row without it falls back to created_at + the setting, as before. Otherwise as migrations
-- 0011 and 0012.
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
  SELECT t.type, t.created_at, t.body INTO parent
    FROM transactions t WHERE t.uid = locked_parent_uid AND t.shop_id = parent_shop_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::jsonb, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  -- After the lock: this statement's snapshot sees every child committed before it was granted.
  current_totals := tessera_child_totals(locked_parent_uid);
  now_at := coalesce(at, clock_timestamp());
  is_expired := parent.type = 'authorization'
    AND coalesce((parent.body->'amounts'->>'authorization_expires_at')::timestamptz,
                 parent.created_at + make_interval(days => authorization_expiry_days)) <= now_at;
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
--> statement-breakpoint
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
-- As for the batch write (migration 0006): a generic plan kept for the connection's life, made while the table
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
  UPDATE transactions t
     SET status = child_status, body = child_body, updated_at = coalesce(at, clock_timestamp())
   WHERE t.uid = child_uid AND t.status = 'incomplete'
  RETURNING t.updated_at INTO finished_at;
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
