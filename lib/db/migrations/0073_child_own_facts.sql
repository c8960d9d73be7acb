-- A capture, void or refund stores its own facts only (`ChildOwnBody`, lib/gateway/transactions/child-body.ts): its
-- message, duplicate check, payment time, result, receipt and a refund's reason. Its response's card, customer and
-- echoed fields are its parent's, which never change once the parent is written; they are rendered from the parent's
-- body at read (`renderChildBody`), no longer copied into the child's by the database (tessera_merge_json, dropped).
-- Its type, amount, currency, tracking id and parent were columns already.
UPDATE "transactions" AS c
   SET "body" = CASE WHEN c.type = 'refund'
     THEN json_build_object('message', c.body->'message', 'duplicate_check', c.body->'duplicate_check',
       'paid_at', c.body->'paid_at', 'result', c.body->c.type, 'receipt_url', c.body->'receipt_url',
       'reason', c.body->'reason')
     ELSE json_build_object('message', c.body->'message', 'duplicate_check', c.body->'duplicate_check',
       'paid_at', c.body->'paid_at', 'result', c.body->c.type, 'receipt_url', c.body->'receipt_url')
   END
 WHERE c.type IN ('capture', 'void', 'refund');--> statement-breakpoint
DROP FUNCTION IF EXISTS tessera_merge_json(json, text[], json, text, json, json);--> statement-breakpoint
DELETE FROM "database_functions" WHERE "name" = 'tessera_merge_json';
