-- The first step of a capture, void or refund, in one statement: the parent read under its row lock, the child's
-- rules decided on what the parent and its children are at that moment, and — if they hold and no duplicate came
-- within the window — the child inserted `incomplete` (its amount reserved) with its own facts (`child_body`,
-- lib/gateway/transactions/child-body.ts), answered with its parent's result object (whose reference the acquirer is
-- told) and its origin's body: the payment's or authorization's it descends from (a refund of a capture, the
-- authorization's), whose card, customer and echoed fields its response shows, rendered at read, never copied.
-- Before, the parent was read first without a lock, the rules checked in the
-- gateway, and the reservation made only if nothing had changed since: two statements, and a third try each time
-- another child came in between.
--
-- The rules are here alone: what a child may take from its parent is decided under the lock that serialises every
-- child of that parent, whatever instance serves it. They answer with refusal codes, and the gateway words them
-- (lib/gateway/payments/child-refusals.ts) from the parent's figures returned beside them:
--   ceiling          the amount is over its currency's ceiling (`over_ceiling_currencies`: the currencies whose
--                    ceiling the amount is over, as the gateway computes it)
--   parent_type      a refund of anything but a payment or capture; a capture or void of anything but an
--                    authorization
--   parent_status    the parent is not successful
--   expired          the authorization has expired (a void may still release it)
--   voided, being_voided, captured, being_captured
--                    a capture after a void (done or in flight), a void after a capture or void
--   currency         the request names a currency other than the parent's
--   amount_over      more than the parent has left: an authorization's amount less its captures, a payment's or
--                    capture's less its refunds (done or in flight), a void more than the authorization
--   amount_under     a void of less than the whole authorization
--   charged_back     a refund of a payment or capture that a chargeback has taken back, open or lost (the bank
--                    already returned the money to the cardholder; a refund would pay them twice)
-- The base refusals (ceiling to being_captured) come alone; `currency` and the amount's may come together.
--
-- An authorization's expiry is the one its own body stores (`authorization_expires_at`, fixed when it succeeded), or
-- its creation plus the shop's setting. `at` is the test clock's time, or null for the database's.
-- Until migration 0073 it took a plan (`body_plan`) for building the child's body from the parent's, and answered
-- only the parent's result object.
-- Its statements are planned once a connection (`plan_cache_mode = force_generic_plan`), as those of
-- tessera_finish_transactions are: the duplicate check was planned again at every call.
DROP FUNCTION IF EXISTS tessera_reserve_child(text, integer, integer, text, text, bigint, text, text, text[], text[],
  boolean, integer, timestamptz, json);--> statement-breakpoint
CREATE OR REPLACE FUNCTION tessera_reserve_child(
  locked_parent_uid text,
  parent_shop_id integer,
  authorization_expiry_days integer,
  child_uid text,
  child_type text,
  child_amount bigint,
  child_currency text,
  child_tracking_id text,
  child_tracking_ids text[],
  over_ceiling_currencies text[],
  check_duplicate boolean,
  duplicate_window_seconds integer,
  at timestamptz,
  child_body json
)
RETURNS TABLE (
  outcome text,
  refusals text[],
  parent_type text,
  parent_status text,
  parent_currency text,
  remaining bigint,
  expires_at timestamptz,
  parent_result json,
  origin_body json,
  child json
)
LANGUAGE plpgsql VOLATILE
SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  p transactions;
  now_at timestamptz;
  expiry timestamptz;
  captured bigint;
  capturing bigint;
  voided bigint;
  voiding bigint;
  refunded bigint;
  refunding bigint;
  charged_back bigint;
  left_over bigint;
  refused text;
  field_refusals text[] := '{}';
  origin json;
  new_child transactions;
BEGIN
  -- Found by its primary key alone, its shop compared after: with the shop in the condition, a plan made while the
  -- table had no statistics read the shop's index (every transaction of the shop), and PL/pgSQL keeps a plan for
  -- the connection's life.
  SELECT * INTO p FROM transactions t WHERE t.uid = locked_parent_uid FOR UPDATE;
  IF NOT FOUND OR p.shop_id <> parent_shop_id THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::bigint,
      NULL::timestamptz, NULL::json, NULL::json, NULL::json;
    RETURN;
  END IF;
  -- What its children took: the ended ones' totals are the parent's own columns (kept by tessera_finish_child under
  -- this lock), the ones still in flight are read from transactions_in_flight (kept by triggers), never by reading
  -- every child the parent ever had. After the lock: this statement's snapshot sees every child committed before it
  -- was granted.
  captured := p.captured;
  voided := p.voided;
  refunded := p.refunded;
  SELECT coalesce(sum(f.amount) FILTER (WHERE f.type = 'capture'), 0),
         coalesce(sum(f.amount) FILTER (WHERE f.type = 'void'), 0),
         coalesce(sum(f.amount) FILTER (WHERE f.type = 'refund'), 0)
    INTO capturing, voiding, refunding
    FROM transactions_in_flight f WHERE f.parent_uid = locked_parent_uid;
  -- Chargebacks are opened under this same row lock (lib/gateway/disputes/open-dispute.ts): what one took is not
  -- refundable, and none can be refunded while one is open or once it is lost.
  SELECT coalesce(sum(d.amount), 0) INTO charged_back
    FROM disputes d
   WHERE d.transaction_uid = locked_parent_uid AND d.kind = 'chargeback'
     AND d.status IN ('needs_response', 'under_review', 'lost');
  now_at := coalesce(at, clock_timestamp());
  IF p.type = 'authorization' THEN
    expiry := coalesce((p.body->>'authorization_expires_at')::timestamptz,
                       p.created_at + make_interval(days => authorization_expiry_days));
  END IF;
  left_over := CASE child_type
    WHEN 'capture' THEN p.amount - captured - capturing
    WHEN 'refund' THEN p.amount - refunded - refunding - charged_back
    ELSE p.amount END;

  refused := CASE
    WHEN p.currency = ANY (over_ceiling_currencies) THEN 'ceiling'
    WHEN (child_type = 'refund' AND p.type NOT IN ('payment', 'capture'))
      OR (child_type IN ('capture', 'void') AND p.type <> 'authorization') THEN 'parent_type'
    WHEN p.status <> 'successful' THEN 'parent_status'
    WHEN child_type = 'refund' AND charged_back > 0 THEN 'charged_back'
    WHEN expiry <= now_at AND child_type <> 'void' THEN 'expired'
    WHEN child_type = 'capture' AND voided > 0 THEN 'voided'
    WHEN child_type = 'capture' AND voiding > 0 THEN 'being_voided'
    WHEN child_type = 'void' AND voided > 0 THEN 'voided'
    WHEN child_type = 'void' AND voiding > 0 THEN 'being_voided'
    WHEN child_type = 'void' AND captured > 0 THEN 'captured'
    WHEN child_type = 'void' AND capturing > 0 THEN 'being_captured'
  END;
  IF refused IS NULL THEN
    IF child_currency IS NOT NULL AND child_currency <> p.currency THEN
      field_refusals := field_refusals || 'currency'::text;
    END IF;
    IF child_amount > left_over THEN
      field_refusals := field_refusals || 'amount_over'::text;
    ELSIF child_type = 'void' AND child_amount < p.amount THEN
      field_refusals := field_refusals || 'amount_under'::text;
    END IF;
  END IF;
  IF refused IS NOT NULL OR cardinality(field_refusals) > 0 THEN
    RETURN QUERY SELECT 'refused'::text, CASE WHEN refused IS NULL THEN field_refusals ELSE ARRAY[refused] END,
      p.type, p.status, p.currency, left_over, expiry, NULL::json, NULL::json, NULL::json;
    RETURN;
  END IF;

  IF check_duplicate AND EXISTS (
    SELECT 1 FROM transactions c
     WHERE c.parent_uid = locked_parent_uid
       AND c.type = child_type
       AND c.amount = child_amount
       AND c.created_at > now_at - make_interval(secs => duplicate_window_seconds)
  ) THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::text[], p.type, p.status, p.currency, left_over, expiry,
      NULL::json, NULL::json, NULL::json;
    RETURN;
  END IF;

  -- The child moves money in its parent's currency, under the parent's tracking id unless it names its own.
  new_child.uid := child_uid;
  new_child.shop_id := p.shop_id;
  new_child.status := 'incomplete';
  new_child.type := child_type;
  new_child.parent_uid := p.uid;
  new_child.amount := child_amount;
  new_child.currency := p.currency;
  new_child.tracking_id := coalesce(child_tracking_id, p.tracking_id);
  new_child.tracking_ids := CASE WHEN child_tracking_id IS NULL THEN p.tracking_ids ELSE child_tracking_ids END;
  new_child.card_token := p.card_token;
  new_child.test := p.test;
  -- A child's own totals: none yet (a capture is a refund's parent).
  new_child.captured := 0;
  new_child.voided := 0;
  new_child.refunded := 0;
  new_child.body := child_body;
  new_child.created_at := now_at;
  new_child.updated_at := now_at;
  -- The row as stored (the time with the column's milliseconds, not as given).
  INSERT INTO transactions SELECT (new_child).* RETURNING * INTO new_child;
  -- Every transaction stores its result under `result` (its own facts); a capture shows its authorization's card.
  IF p.type = 'capture' THEN
    SELECT g.body INTO origin FROM transactions g WHERE g.uid = p.parent_uid;
  ELSE
    origin := p.body;
  END IF;
  RETURN QUERY SELECT 'reserved'::text, NULL::text[], p.type, p.status, p.currency, left_over, expiry,
    p.body -> 'result', origin, row_to_json(new_child);
END;
$$;
