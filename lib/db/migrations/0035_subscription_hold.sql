-- A subscription whose charge's outcome could not be stored (a date past what can be stored, from a plan written
-- before intervals were bounded) is held for the operator: it leaves its batch, is never claimed or charged again
-- while held, and its reason says why. The partial index keeps the operators' count (a metric read at every scrape)
-- off the whole table.
ALTER TABLE "subscriptions" ADD COLUMN "held_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "held_reason" text;
--> statement-breakpoint
CREATE INDEX "subscriptions_held_idx" ON "subscriptions" ("held_at") WHERE "held_at" IS NOT NULL;
