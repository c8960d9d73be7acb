CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"infinite" boolean NOT NULL,
	"quantity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"visible" text[] DEFAULT '{}'::text[] NOT NULL,
	"test" boolean NOT NULL,
	"immortal" boolean NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"transaction_type" text NOT NULL,
	"language" text,
	"return_url" text,
	"success_url" text,
	"fail_url" text,
	"notification_url" text,
	"additional_data" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "products_quantity_not_negative" CHECK ("quantity" IS NULL OR "quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_shop_created_idx" ON "products" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE TABLE "product_stock_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"checkout_token" text NOT NULL,
	"transaction_uid" text,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_holds" ADD CONSTRAINT "product_stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_holds_product_idx" ON "product_stock_holds" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_stock_holds_transaction_idx" ON "product_stock_holds" USING btree ("transaction_uid");--> statement-breakpoint
CREATE INDEX "product_stock_holds_held_idx" ON "product_stock_holds" USING btree ("created_at") WHERE "state" = 'held';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "product_id" text;
