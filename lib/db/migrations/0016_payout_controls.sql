-- Payouts became an operator's decision per shop (`payouts_allowed`, off for new shops). Shops that existed before
-- could already pay out: they keep it, so a running deployment keeps working; the operator turns it off with
-- `npm run shop -- payouts <id> --off`.
UPDATE "shops" SET "settings" = "settings" || '{"payouts_allowed": true}'::jsonb
WHERE NOT ("settings" ? 'payouts_allowed');
--> statement-breakpoint
CREATE TABLE "payout_days" (
	"shop_id" integer NOT NULL,
	"currency" text NOT NULL,
	"day" text NOT NULL,
	"test" boolean NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "payout_days_shop_id_currency_day_test_pk" PRIMARY KEY("shop_id","currency","day","test")
);
--> statement-breakpoint
ALTER TABLE "payout_days" ADD CONSTRAINT "payout_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;
