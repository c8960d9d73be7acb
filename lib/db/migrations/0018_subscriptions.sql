-- Plans and subscriptions. A subscription's billing cycles are rows keyed by (subscription, cycle number): the key,
-- not a time in memory, is what keeps a cycle from being charged twice.
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"test" boolean NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"interval" integer NOT NULL,
	"interval_unit" text NOT NULL,
	"trial" jsonb,
	"infinite" boolean NOT NULL,
	"billing_cycles" integer,
	"number_payment_attempts" integer NOT NULL,
	"prevent_payments_at_night" boolean NOT NULL,
	"language" text,
	"created_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plans_shop_created_idx" ON "plans" ("shop_id","created_at");
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"plan_id" text NOT NULL REFERENCES "plans"("id"),
	"customer_id" text NOT NULL REFERENCES "customers"("id"),
	"test" boolean NOT NULL,
	"state" text NOT NULL,
	"card_token" text REFERENCES "cards"("token"),
	"tracking_id" text,
	"return_url" text,
	"notification_url" text,
	"additional_data" jsonb,
	"language" text,
	"checkout_token" text,
	"card_update_token" text NOT NULL,
	"card_update_checkout" text,
	"renew_at" timestamp(3) with time zone,
	"active_to" timestamp(3) with time zone,
	"paid_billing_cycles" integer DEFAULT 0 NOT NULL,
	"number_failed_payment_attempts" integer DEFAULT 0 NOT NULL,
	"last_failure" text,
	"last_transaction_uid" text,
	"cancel_reason" text,
	"cancelled_at" timestamp(3) with time zone,
	"clock_at" timestamp(3) with time zone,
	"lease_until" timestamp(3) with time zone,
	"created_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscriptions_shop_created_idx" ON "subscriptions" ("shop_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_card_update_token_idx" ON "subscriptions" ("card_update_token");
--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" ("renew_at") WHERE "state" IN ('trial','active','failed_attempt','rescuing');
--> statement-breakpoint
CREATE TABLE "subscription_cycles" (
	"subscription_id" text NOT NULL REFERENCES "subscriptions"("id"),
	"cycle_number" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"pending_uid" text,
	"paid_uid" text,
	"created_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp(3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "subscription_cycles_pk" PRIMARY KEY("subscription_id","cycle_number")
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "transaction_uid" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "subscription_id" text REFERENCES "subscriptions"("id");
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "payload" json;
