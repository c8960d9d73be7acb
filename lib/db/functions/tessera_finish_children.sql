-- Several finishes of captures, voids and refunds in one statement, each one tessera_finish_child with its own
-- arguments, for the same reason as tessera_reserve_children: a statement's own round trip and commit cost more than
-- the finish itself. As there, the items are taken in their parents' order (children of one parent in the order
-- given), so that batches lock parents in one order. `items` is a JSON array of objects named after
-- tessera_finish_child's arguments; each answer (the child's `updated_at`, or null for a child that had already
-- finished) comes back with its item's ordinal (its place in `items`).
CREATE OR REPLACE FUNCTION tessera_finish_children(items json)
RETURNS TABLE (item_ord bigint, finished_at timestamptz)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN SELECT e.ord, e.item FROM json_array_elements(items) WITH ORDINALITY AS e(item, ord)
    ORDER BY e.item->>'locked_parent_uid' COLLATE "C", e.ord LOOP
    item_ord := entry.ord;
    finished_at := tessera_finish_child(
      entry.item->>'child_uid',
      entry.item->>'locked_parent_uid',
      (entry.item->>'parent_shop_id')::integer,
      entry.item->>'child_status',
      entry.item->'child_body',
      (entry.item->>'at')::timestamptz,
      entry.item->>'delivery_id',
      entry.item->>'delivery_url'
    );
    RETURN NEXT;
  END LOOP;
END;
$$;
