-- A subscription opened from a plan's pay_url has no customer until its first payment succeeds: the customer is
-- made then from the details the shopper gave on the hosted page.
ALTER TABLE "subscriptions" ALTER COLUMN "customer_id" DROP NOT NULL;
