-- The hosted page tells a card update from any other card check by its session's token (the card it replaces, the
-- subscription's name): read at every page load, so by an index rather than a scan of the subscriptions.
CREATE INDEX "subscriptions_card_update_checkout_idx" ON "subscriptions" ("card_update_checkout");
