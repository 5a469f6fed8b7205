-- Issue 23 §3: the operator console. A business can be suspended (its storefront and public reads
-- answer 404 while its owner keeps the dashboard) and placed among the landing's featured
-- businesses; contact messages can be marked read; an outbox mail can be retried by an operator
-- (the retry restarts its delivery window).
ALTER TABLE "businesses" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "featured_position" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_suspension_check" CHECK (("suspended_at" IS NULL) = ("suspension_reason" IS NULL));--> statement-breakpoint
CREATE INDEX "businesses_featured_idx" ON "businesses" USING btree ("featured_position") WHERE "featured_position" IS NOT NULL;
