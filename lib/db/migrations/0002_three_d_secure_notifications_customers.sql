CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"external_id" text,
	"first_name" text,
	"last_name" text,
	"address" text,
	"city" text,
	"country" text,
	"zip" text,
	"state" text,
	"phone" text,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"transaction_uid" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"delivered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_secure_challenges" (
	"transaction_uid" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"stage" text NOT NULL,
	"scenario" text NOT NULL,
	"one_time_code" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"acquirer_decision" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_delivery_id_notification_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."notification_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_secure_challenges" ADD CONSTRAINT "three_d_secure_challenges_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_secure_challenges" ADD CONSTRAINT "three_d_secure_challenges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_shop_created_idx" ON "customers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_shop_email_idx" ON "customers" USING btree ("shop_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_external_id_idx" ON "customers" USING btree ("shop_id","external_id");--> statement-breakpoint
CREATE INDEX "notification_attempts_delivery_idx" ON "notification_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_transaction_idx" ON "notification_deliveries" USING btree ("transaction_uid");--> statement-breakpoint
CREATE INDEX "three_d_secure_challenges_expiry_idx" ON "three_d_secure_challenges" USING btree ("stage","expires_at");
-- tessera_write_transactions (see 0001) also writes the transactional outbox: an item may carry
-- "notification": {"id": text, "url": text} | null, written only when the item is accepted.
-- tessera_write_transactions was defined here (dropped since); its text is in the repository's history.
