-- An idempotency key whose request failed after the acquirer was asked stays taken, bound to its transaction: a
-- repeat is answered 409 until the recovery sweep has finished that transaction, then with its stored answer.
ALTER TABLE "idempotency_keys" ADD COLUMN "transaction_uid" text;
