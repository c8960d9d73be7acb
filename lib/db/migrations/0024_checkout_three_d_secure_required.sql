-- A subscription's hosted pages (its first payment, a new card) authenticate the card with 3-D Secure whatever the
-- shop's setting: the card is then charged without the subscriber. Set by the gateway, never by a merchant.
ALTER TABLE "checkouts" ADD COLUMN "three_d_secure_required" boolean DEFAULT false NOT NULL;
