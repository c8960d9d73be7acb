-- A parent's children in flight, found without reading its other children: a capture, void or refund's reservation
-- (tessera_reserve_child) weighs what its parent's children already took — the ended ones' totals are the parent's
-- own columns (`captured`, `voided`, `refunded`), the ones not yet ended are read here. Before, both were summed
-- from every child the parent ever had, at each reservation and again at each finish: a cost that grew with the
-- parent's children (on PostgreSQL, most of a refund's database CPU once a parent had a hundred).
ALTER TABLE transactions_in_flight ADD COLUMN parent_uid text;--> statement-breakpoint
ALTER TABLE transactions_in_flight ADD COLUMN amount bigint;--> statement-breakpoint
UPDATE transactions_in_flight AS f
   SET parent_uid = t.parent_uid, amount = t.amount
  FROM transactions AS t
 WHERE t.uid = f.uid;--> statement-breakpoint
CREATE INDEX transactions_in_flight_parent_idx ON transactions_in_flight (parent_uid) WHERE parent_uid IS NOT NULL;
