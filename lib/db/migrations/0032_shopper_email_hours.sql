CREATE TABLE "shopper_email_hours" (
	"shop_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"test" boolean NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "shopper_email_hours_shop_id_hour_test_pk" PRIMARY KEY("shop_id","hour","test")
);
--> statement-breakpoint
ALTER TABLE "shopper_email_hours" ADD CONSTRAINT "shopper_email_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;
