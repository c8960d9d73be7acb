ALTER TABLE "disputes" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "disputes" SET "closed_at" = "updated_at" WHERE "status" IN ('won', 'lost', 'warning_closed');
