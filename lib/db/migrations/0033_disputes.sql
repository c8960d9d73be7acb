CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"transaction_uid" text NOT NULL,
	"chargeback_uid" text,
	"acquirer_ref" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"network_reason_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"evidence_due_by" timestamp (3) with time zone NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"funds_withdrawn_at" timestamp (3) with time zone,
	"funds_reinstated_at" timestamp (3) with time zone,
	"test" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "disputes_acquirer_ref_unique" UNIQUE("acquirer_ref"),
	CONSTRAINT "disputes_kind_check" CHECK ("kind" IN ('inquiry', 'chargeback')),
	CONSTRAINT "disputes_status_check" CHECK ("status" IN ('warning_needs_response', 'warning_under_review',
		'warning_closed', 'needs_response', 'under_review', 'won', 'lost')),
	CONSTRAINT "disputes_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "dispute_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_fraud_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"transaction_uid" text NOT NULL,
	"fraud_type" text NOT NULL,
	"test" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_chargeback_uid_transactions_uid_fk" FOREIGN KEY ("chargeback_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_fraud_warnings" ADD CONSTRAINT "early_fraud_warnings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_fraud_warnings" ADD CONSTRAINT "early_fraud_warnings_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_shop_created_idx" ON "disputes" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_transaction_idx" ON "disputes" USING btree ("transaction_uid");--> statement-breakpoint
CREATE INDEX "dispute_events_due_idx" ON "dispute_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "early_fraud_warnings_transaction_idx" ON "early_fraud_warnings" USING btree ("transaction_uid");
