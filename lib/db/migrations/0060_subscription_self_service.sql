-- Subscriber self-service, reminders, pauses and plan changes (issue 31).
-- `cancel_token`: the capability in `cancel_url` (256 bits, as `card_update_token`): whoever has the link may cancel
-- at the period's end. Existing rows get one from two random UUIDs (PostgreSQL's strong random source).
ALTER TABLE "subscriptions" ADD COLUMN "cancel_token" text;
--> statement-breakpoint
UPDATE "subscriptions"
SET "cancel_token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "cancel_token" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_cancel_token_idx" ON "subscriptions" USING btree ("cancel_token");
--> statement-breakpoint
-- When the free trial's reminder (`subscription.trial_will_end`) was claimed: set once, by a conditional update,
-- so that of any number of instances one sends it.
ALTER TABLE "subscriptions" ADD COLUMN "trial_reminded_at" timestamp (3) with time zone;
--> statement-breakpoint
-- Trials whose reminder is still to be sent: what the scheduler looks through.
CREATE INDEX "subscriptions_trial_reminder_idx" ON "subscriptions" USING btree ("renew_at")
  WHERE "state" = 'trial' AND "trial_reminded_at" IS NULL;
--> statement-breakpoint
-- Why the last attempt failed, as the subscriber is told it: insufficient_funds, card_expired, declined,
-- processor_error.
ALTER TABLE "subscriptions" ADD COLUMN "last_failure_reason" text;
--> statement-breakpoint
-- A pause: since when, and when it ends by itself (null: until resumed).
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE INDEX "subscriptions_resume_idx" ON "subscriptions" USING btree ("resume_at")
  WHERE "state" = 'paused';
--> statement-breakpoint
-- A plan change waiting for the next cycle (`proration: next_cycle`): the plan the next cycle is made with.
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan_id" text REFERENCES "plans"("id");
--> statement-breakpoint
-- Plan changes made so far: the number keys a prorated charge (`change/<n>`) as the cycle number keys a renewal.
ALTER TABLE "subscriptions" ADD COLUMN "plan_changes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The prorated charge of a plan change while it is asked (its uid, derived from the change's key), and the plan it
-- buys: set and cleared under the row's lock, so a change is charged once.
ALTER TABLE "subscriptions" ADD COLUMN "proration_uid" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "proration_plan_id" text REFERENCES "plans"("id");
