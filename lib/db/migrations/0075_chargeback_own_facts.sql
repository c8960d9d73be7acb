-- A chargeback stores its own facts only (`ChargebackOwnBody`, lib/gateway/transactions/chargeback-body.ts): its
-- message, the charge's duplicate check as the charge showed it, the `chargeback` object, its reason and the charge
-- as it was (`parent_transaction`). Its response's card, customer and echoed fields are rendered at read from the
-- payment or authorization it descends from (`renderChargebackBody`), no longer copied when it was written.
UPDATE "transactions" AS t
   SET "body" = json_build_object(
    'message', t.body->'message',
    'duplicate_check', t.body->'duplicate_check',
    'chargeback', t.body->'chargeback',
    'reason', t.body->'reason',
    'parent_transaction', t.body->'parent_transaction')
 WHERE t.type = 'chargeback';
