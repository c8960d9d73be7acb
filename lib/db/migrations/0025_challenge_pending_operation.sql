-- A 3-D Secure challenge says which operation waits behind it, as a typed record with a `kind`: a tokenization
-- (with the acquirer's check of the card, applied when the shopper passes) or a payment's deferred authorization.
-- Rows written before held a tokenization's check alone.
ALTER TABLE "three_d_secure_challenges" RENAME COLUMN "acquirer_decision" TO "pending_operation";
--> statement-breakpoint
UPDATE "three_d_secure_challenges"
SET "pending_operation" = jsonb_build_object('kind', 'tokenization', 'verification', "pending_operation")
WHERE NOT ("pending_operation" ? 'kind');
