-- The finishing step of a capture, void or refund, for lib/gateway/payments/finish-child-transaction.ts, in one
-- statement: under the parent's row lock (`FOR UPDATE`), ends the `incomplete` child with its final status and body
-- through the one transition (tessera_finish_transactions), adds a successful child's amount to the parent's
-- totals — what its successful captures, voids and refunds add up to, in its `captured`, `voided` and `refunded`
-- columns, from which its `amounts` are rendered at read (`parentAmounts`, lib/gateway/transactions/
-- parent-amounts.ts) — and queues the merchant's notification. Returns the child's `updated_at`, or null when the
-- child had already finished (a repeat: nothing changes twice).
--
-- Why a function: as a sequence of statements in a client-side transaction, each step was a round trip with the
-- parent's lock held in between. A VOLATILE function's queries each take a snapshot of their own, so the totals
-- are added to as they stand after the lock was granted, with every child another instance finished before.
-- Until migration 0076 it summed every successful child of the parent again at each finish.
-- Until migration 0072 it also took the shop's authorization_expiry_days, to write the parent's amounts.
DROP FUNCTION IF EXISTS tessera_finish_child(text, text, integer, text, json, timestamptz, integer, text, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION tessera_finish_child(
  child_uid text,
  locked_parent_uid text,
  parent_shop_id integer,
  child_status text,
  child_body json,
  at timestamptz,
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
  finished_at timestamptz;
  locked_shop_id integer;
BEGIN
  -- By its primary key alone, its shop compared after (as in tessera_reserve_child).
  SELECT t.shop_id INTO locked_shop_id FROM transactions t WHERE t.uid = locked_parent_uid FOR UPDATE;
  IF NOT FOUND OR locked_shop_id <> parent_shop_id THEN
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

  -- The child ended now, once (the transition above answers no row for a repeat): a successful one adds its amount
  -- to its parent's total of its type, under the parent's lock, so each total is the sum of its successful children
  -- without reading them.
  UPDATE transactions t
     SET captured = t.captured + CASE WHEN c.type = 'capture' AND child_status = 'successful' THEN c.amount ELSE 0 END,
         voided = t.voided + CASE WHEN c.type = 'void' AND child_status = 'successful' THEN c.amount ELSE 0 END,
         refunded = t.refunded + CASE WHEN c.type = 'refund' AND child_status = 'successful' THEN c.amount ELSE 0 END,
         updated_at = coalesce(at, clock_timestamp())
    FROM transactions c
   WHERE t.uid = locked_parent_uid AND c.uid = child_uid;

  IF delivery_url IS NOT NULL THEN
    INSERT INTO notification_deliveries (id, shop_id, transaction_uid, url, next_attempt_at, created_at, updated_at)
    VALUES (delivery_id, parent_shop_id, child_uid, delivery_url, coalesce(at, clock_timestamp()),
            coalesce(at, clock_timestamp()), coalesce(at, clock_timestamp()));
  END IF;
  RETURN finished_at;
END;
$$;
