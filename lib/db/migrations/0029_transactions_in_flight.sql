-- The transactions that have not ended, apart from the rest: the recovery sweeps (unanswered payments, stale
-- captures, voids and refunds), which every instance runs every minute, read this small table instead of scanning
-- every transaction ever written (no index of `transactions` has `status`, and one that did would make every
-- transaction's end a full update of its five indexes instead of a heap-only one). Kept by triggers, so that no
-- path that writes a transaction can forget it: a row enters when a transaction is written `incomplete`, and leaves
-- when it ends (tessera_finish_transactions, the one transition out of `incomplete`) or is deleted.
CREATE TABLE transactions_in_flight (
  uid text PRIMARY KEY REFERENCES transactions (uid) ON DELETE CASCADE,
  type text NOT NULL,
  created_at timestamptz(3) NOT NULL
);
--> statement-breakpoint
CREATE INDEX transactions_in_flight_created_idx ON transactions_in_flight (created_at);
--> statement-breakpoint
INSERT INTO transactions_in_flight (uid, type, created_at)
  SELECT uid, type, created_at FROM transactions WHERE status = 'incomplete';
-- tessera_track_in_flight was defined here. Its current definition is lib/db/functions/tessera_track_in_flight.sql, applied at
-- start-up (lib/db/database-functions.ts); this migration's text of it is in the repository's history.
-- The trigger transactions_in_flight_started was created here; it is now defined with the function it calls, in
-- lib/db/functions/tessera_track_in_flight.sql.
-- The trigger transactions_in_flight_ended was created here; it is now defined with the function it calls, in
-- lib/db/functions/tessera_track_in_flight.sql.
