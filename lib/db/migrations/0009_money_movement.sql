-- Money movement (payments, authorizations, their captures, voids and refunds, and payouts): every one is a row of
-- `transactions` with its type; a child names its parent. Rows written before this migration are tokenizations.
ALTER TABLE "transactions" ADD COLUMN "type" text DEFAULT 'tokenization' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "parent_uid" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parent_uid_transactions_uid_fk" FOREIGN KEY ("parent_uid") REFERENCES "public"."transactions"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_parent_idx" ON "transactions" USING btree ("parent_uid");--> statement-breakpoint
-- What a stored card's token may do (its `additional_data.contract`); cards stored before carry none.
ALTER TABLE "cards" ADD COLUMN "contract" text[] DEFAULT '{}'::text[] NOT NULL;
