-- Every event of a subscription, as it was recorded (in the transaction of the change it reports): the admin's
-- timeline reads them beside the e-mails, whether or not the subscription has a notification_url.
CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"subscription_id" text NOT NULL REFERENCES "subscriptions"("id"),
	"event" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","id");
