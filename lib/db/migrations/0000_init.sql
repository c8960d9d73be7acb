CREATE TABLE "cards" (
	"token" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"number_sealed" "bytea" NOT NULL,
	"stamp" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder" text,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"test" boolean DEFAULT true NOT NULL,
	"secret_key_hash" text NOT NULL,
	"secret_key_sealed" "bytea" NOT NULL,
	"webhook_secret_sealed" "bytea" NOT NULL,
	"private_key_sealed" "bytea" NOT NULL,
	"public_key" text NOT NULL,
	"key_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"uid" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"tracking_id" text,
	"tracking_ids" text[] NOT NULL,
	"card_token" text,
	"duplicate_fingerprint" text,
	"test" boolean NOT NULL,
	"body" json NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"retired_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_card_token_cards_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."cards"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_shop_idx" ON "cards" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "cards_key_idx" ON "cards" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_key_window_idx" ON "rate_limits" USING btree ("key","window_start");--> statement-breakpoint
CREATE INDEX "transactions_shop_created_idx" ON "transactions" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_tracking_ids_idx" ON "transactions" USING gin ("tracking_ids");--> statement-breakpoint
CREATE INDEX "transactions_fingerprint_idx" ON "transactions" USING btree ("duplicate_fingerprint","created_at");