-- Keeps transactions_in_flight, the transactions that have not ended, which the recovery sweeps read instead of
-- every transaction ever written (and /metrics counts), and a child's reservation reads for its parent's children
-- not yet ended (tessera_reserve_child). Kept by triggers, so
-- that no path that writes a transaction can forget it: a row enters when a transaction is written `incomplete`,
-- and leaves when it ends (tessera_finish_transactions, the one transition out of `incomplete`) or is deleted (the
-- table's foreign key cascades).
--
-- The triggers are defined here with the function they call, so that every database — new, upgraded, or made from
-- the embedded database's template — ends with the same pair, whatever its migrations created.
CREATE OR REPLACE FUNCTION tessera_track_in_flight() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transactions_in_flight (uid, type, created_at, parent_uid, amount)
      VALUES (NEW.uid, NEW.type, NEW.created_at, NEW.parent_uid, NEW.amount);
  ELSE
    DELETE FROM transactions_in_flight WHERE uid = OLD.uid;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_in_flight_started AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.status = 'incomplete') EXECUTE FUNCTION tessera_track_in_flight();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_in_flight_ended AFTER UPDATE OF status ON transactions
  FOR EACH ROW WHEN (OLD.status = 'incomplete' AND NEW.status <> 'incomplete') EXECUTE FUNCTION tessera_track_in_flight();
--> statement-breakpoint
-- A capture's, void's or refund's row written in flight by the trigger as it was before migration 0076 (between that
-- migration's commit and this file's) lacks its parent and amount, which a reservation of its parent's next child
-- weighs. Filled here, after the triggers above are replaced: their CREATE holds `transactions` against new rows
-- until this commit (share row exclusive), so none can be written by the earlier text after this statement.
UPDATE transactions_in_flight AS f
   SET parent_uid = t.parent_uid, amount = t.amount
  FROM transactions AS t
 WHERE t.uid = f.uid AND f.amount IS NULL;
