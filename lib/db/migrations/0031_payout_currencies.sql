-- A shop pays out only in the currencies the operator lists for it (`payout_currencies`; new shops: EUR), since its
-- caps count major units. Shops that already paid out keep the currencies they paid out in (never a funds code,
-- which no card transaction may name any more), or EUR when they have none; the operator changes the list with
-- `npm run shop -- payouts <id> --payout-currencies …`.
UPDATE "shops" SET "settings" = "settings" || jsonb_build_object('payout_currencies', coalesce(
  (SELECT jsonb_agg(DISTINCT "currency" ORDER BY "currency") FROM "transactions"
   WHERE "transactions"."shop_id" = "shops"."id" AND "transactions"."type" = 'credit'
     AND "currency" NOT IN ('BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW')),
  '["EUR"]'::jsonb))
WHERE ("settings"->>'payouts_allowed')::boolean AND NOT ("settings" ? 'payout_currencies');
