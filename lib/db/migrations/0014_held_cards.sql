-- A card stored only to carry out one charge (a hosted-page shopper who did not choose to save it): deleted when
-- the charge's answer is stored, whatever it is, and its token never shown. Cards stored before are all kept.
ALTER TABLE "cards" ADD COLUMN "held_for_charge" boolean DEFAULT false NOT NULL;
