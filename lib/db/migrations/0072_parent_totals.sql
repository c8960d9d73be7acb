-- A parent's totals are stored facts: what its successful captures, voids and refunds add up to, kept by
-- tessera_finish_child under the parent's row lock as each child ends. Its `amounts` (what is left to capture or
-- refund) are rendered from them when it is read (`transactionFromRow`), no longer rewritten inside its stored JSON
-- body. Existing parents get the sums of their children.
ALTER TABLE "transactions" ADD COLUMN "captured" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "voided" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "transactions" AS p
   SET "captured" = s.captured, "voided" = s.voided, "refunded" = s.refunded
  FROM (
    SELECT c.parent_uid,
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'capture'), 0) AS captured,
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'void'), 0) AS voided,
           coalesce(sum(c.amount) FILTER (WHERE c.type = 'refund'), 0) AS refunded
      FROM "transactions" c
     WHERE c.parent_uid IS NOT NULL AND c.status = 'successful'
     GROUP BY c.parent_uid
  ) AS s
 WHERE p.uid = s.parent_uid;
