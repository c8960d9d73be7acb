-- The outbox of shopper e-mails (receipts, refunds, payouts, subscription messages): written in the database
-- transaction of what it reports, claimed by the e-mail worker of any instance with FOR UPDATE SKIP LOCKED.
CREATE TABLE "shopper_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"transaction_uid" text,
	"subscription_id" text,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopper_emails" ADD CONSTRAINT "shopper_emails_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_emails_due_idx" ON "shopper_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "shopper_emails_shop_created_idx" ON "shopper_emails" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "shopper_emails_transaction_idx" ON "shopper_emails" USING btree ("transaction_uid");
