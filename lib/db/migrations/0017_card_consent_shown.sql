-- A card kept from a hosted page that told the shopper, before the button, that the shop may charge it for future
-- payments (a session whose contract includes `recurring` and that offers no save-card choice). Set by the gateway
-- from the session, never from the page's request; cards stored before are false.
ALTER TABLE "cards" ADD COLUMN "consent_shown" boolean DEFAULT false NOT NULL;
