-- A subscription's billing anchor: the moment its first plan period started (the first charge of a plan without
-- a trial, the trial's end otherwise). Every period end is the anchor plus a whole number of intervals, counted
-- from it (never from the last period's end), so a month-end anchor keeps its day: 31 Jan → 28 Feb → 31 Mar.
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor" timestamp (3) with time zone;
--> statement-breakpoint
-- Existing rows: the time the first plan period's cycle was paid (cycle 1, or 2 when a paid trial was cycle 1);
-- else the end of the period they are in (a trial's end, still to come); rows that never started keep none and get
-- theirs when they start.
UPDATE "subscriptions" AS s
SET "billing_anchor" = coalesce(
  (SELECT t."created_at"
     FROM "subscription_cycles" AS c
     JOIN "transactions" AS t ON t."uid" = c."paid_uid"
     JOIN "plans" AS p ON p."id" = s."plan_id"
    WHERE c."subscription_id" = s."id"
      AND c."cycle_number" = CASE WHEN (p."trial" ->> 'as_first_payment') = 'true' THEN 2 ELSE 1 END),
  s."active_to");
