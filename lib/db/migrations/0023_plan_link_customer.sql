-- A subscription opened from a plan's pay_url has no customer until its first payment succeeds: the customer is
-- made then from the details the shopper gave on the hosted page.
ALTER TABLE "subscriptions" ALTER COLUMN "customer_id" DROP NOT NULL;
--> statement-breakpoint
-- The hosted page reads its subscription's plan (for the terms in words) by the session's token.
CREATE INDEX "subscriptions_checkout_token_idx" ON "subscriptions" ("checkout_token");
