-- Several reservations of captures, voids and refunds in one statement, each one tessera_reserve_child with its own
-- arguments: what concurrent children cost either store was mostly each statement's own round trip and commit, not
-- their rules (lib/gateway/transactions/child-writer.ts batches them as new payments are batched). Each reservation's
-- queries see those before it in the batch: two children of one parent are decided one after the other, in the order
-- given, as two statements would be. The items are taken in their parents' order (by uid, byte by byte), so every
-- batch locks its parents in one order and two batches at once never deadlock; children of one parent keep theirs.
-- `items` is a JSON array of objects named after tessera_reserve_child's arguments; the answers come back with their
-- item's ordinal (its place in `items`).
-- Until migration 0073 its answers carried no origin's body (`origin_body`).
DROP FUNCTION IF EXISTS tessera_reserve_children(json);--> statement-breakpoint
CREATE OR REPLACE FUNCTION tessera_reserve_children(items json)
RETURNS TABLE (
  item_ord bigint,
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
AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN SELECT e.ord, e.item FROM json_array_elements(items) WITH ORDINALITY AS e(item, ord)
    ORDER BY e.item->>'locked_parent_uid' COLLATE "C", e.ord LOOP
    RETURN QUERY SELECT entry.ord, r.outcome, r.refusals, r.parent_type, r.parent_status, r.parent_currency,
        r.remaining, r.expires_at, r.parent_result, r.origin_body, r.child
      FROM tessera_reserve_child(
        entry.item->>'locked_parent_uid',
        (entry.item->>'parent_shop_id')::integer,
        (entry.item->>'authorization_expiry_days')::integer,
        entry.item->>'child_uid',
        entry.item->>'child_type',
        (entry.item->>'child_amount')::bigint,
        entry.item->>'child_currency',
        entry.item->>'child_tracking_id',
        CASE WHEN json_typeof(entry.item->'child_tracking_ids') = 'array'
          THEN ARRAY(SELECT json_array_elements_text(entry.item->'child_tracking_ids')) END,
        ARRAY(SELECT json_array_elements_text(entry.item->'over_ceiling_currencies')),
        (entry.item->>'check_duplicate')::boolean,
        (entry.item->>'duplicate_window_seconds')::integer,
        (entry.item->>'at')::timestamptz,
        entry.item->'child_body'
      ) AS r;
  END LOOP;
END;
$$;
