CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"external_id" text,
	"first_name" text,
	"last_name" text,
	"address" text,
	"city" text,
	"country" text,
	"zip" text,
	"state" text,
	"phone" text,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"transaction_uid" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"delivered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "three_d_secure_challenges" (
	"transaction_uid" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"stage" text NOT NULL,
	"scenario" text NOT NULL,
	"one_time_code" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"acquirer_decision" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_delivery_id_notification_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."notification_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_secure_challenges" ADD CONSTRAINT "three_d_secure_challenges_transaction_uid_transactions_uid_fk" FOREIGN KEY ("transaction_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "three_d_secure_challenges" ADD CONSTRAINT "three_d_secure_challenges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_shop_created_idx" ON "customers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_shop_email_idx" ON "customers" USING btree ("shop_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_external_id_idx" ON "customers" USING btree ("shop_id","external_id");--> statement-breakpoint
CREATE INDEX "notification_attempts_delivery_idx" ON "notification_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_transaction_idx" ON "notification_deliveries" USING btree ("transaction_uid");--> statement-breakpoint
CREATE INDEX "three_d_secure_challenges_expiry_idx" ON "three_d_secure_challenges" USING btree ("stage","expires_at");
--> statement-breakpoint
-- tessera_write_transactions (see 0001) also writes the transactional outbox: an item may carry
-- "notification": {"id": text, "url": text} | null, written only when the item is accepted.
CREATE OR REPLACE FUNCTION tessera_write_transactions(batch jsonb, at timestamptz)
RETURNS TABLE (written_uid text, written_created_at timestamptz, written_updated_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  window_start timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key)
  FROM (SELECT DISTINCT (item->>'lock_key')::bigint AS lock_key FROM jsonb_array_elements(batch) AS item ORDER BY 1) AS keys;

  window_start := coalesce(at, clock_timestamp()) - interval '30 seconds';

  RETURN QUERY
  WITH input AS (
    SELECT position, item, item->>'fingerprint' AS fingerprint, (item->>'check_duplicate')::boolean AS check_duplicate
    FROM jsonb_array_elements(batch) WITH ORDINALITY AS elements(item, position)
  ),
  recent AS (
    SELECT DISTINCT t.duplicate_fingerprint AS fingerprint
    FROM transactions AS t
    WHERE t.duplicate_fingerprint IN (SELECT i.fingerprint FROM input AS i)
      AND t.created_at > window_start
  ),
  ranked AS (
    SELECT i.*, row_number() OVER (PARTITION BY i.fingerprint ORDER BY i.position) > 1 AS repeats_earlier
    FROM input AS i
  ),
  accepted AS (
    -- Materialised once, so a transaction and its card get the same time, in arrival order.
    SELECT r.item, coalesce(at, clock_timestamp()) AS written_at
    FROM ranked AS r
    WHERE NOT (r.check_duplicate AND (r.repeats_earlier OR r.fingerprint IN (SELECT fingerprint FROM recent)))
    ORDER BY r.position
  ),
  new_cards AS (
    INSERT INTO cards (token, shop_id, key_id, number_sealed, stamp, exp_month, exp_year, holder, created_at)
    SELECT c.token, c.shop_id, c.key_id, decode(c.number_sealed, 'base64'), c.stamp, c.exp_month, c.exp_year, c.holder,
           a.written_at
    FROM accepted AS a,
         jsonb_to_record(a.item->'card') AS c(token text, shop_id integer, key_id text, number_sealed text, stamp text,
                                              exp_month smallint, exp_year smallint, holder text)
    WHERE jsonb_typeof(a.item->'card') = 'object'
    RETURNING token
  ),
  new_deliveries AS (
    -- The transactional outbox: a final transaction with a notification_url gets its delivery row in the same
    -- commit (see notifications/).
    INSERT INTO notification_deliveries (id, shop_id, transaction_uid, url, next_attempt_at, created_at, updated_at)
    SELECT a.item->'notification'->>'id', (a.item->'transaction'->>'shop_id')::integer,
           a.item->'transaction'->>'uid', a.item->'notification'->>'url', a.written_at, a.written_at, a.written_at
    FROM accepted AS a
    WHERE jsonb_typeof(a.item->'notification') = 'object'
    RETURNING id
  )
  INSERT INTO transactions AS t (uid, shop_id, status, amount, currency, tracking_id, tracking_ids, card_token,
                                 duplicate_fingerprint, test, body, created_at, updated_at)
  SELECT x.uid, x.shop_id, x.status, x.amount, x.currency, x.tracking_id,
         ARRAY(SELECT jsonb_array_elements_text(a.item->'transaction'->'tracking_ids')), x.card_token,
         x.duplicate_fingerprint, x.test, (a.item->'transaction'->>'body')::json, a.written_at, a.written_at
  FROM accepted AS a,
       jsonb_to_record(a.item->'transaction') AS x(uid text, shop_id integer, status text, amount bigint, currency text,
                                                    tracking_id text, card_token text, duplicate_fingerprint text,
                                                    test boolean)
  RETURNING t.uid, t.created_at, t.updated_at;
END;
$$;
