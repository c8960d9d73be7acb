CREATE TABLE "checkouts" (
	"token" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"test" boolean NOT NULL,
	"attempts" integer NOT NULL,
	"attempts_used" integer DEFAULT 0 NOT NULL,
	"attempt_locked_until" timestamp (3) with time zone,
	"request" jsonb NOT NULL,
	"transaction_uids" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_shop_created_idx" ON "checkouts" USING btree ("shop_id","created_at");