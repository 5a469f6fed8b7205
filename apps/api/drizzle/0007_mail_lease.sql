-- Issue 22 §3: workers claim mail with a lease (modules/mail/outbox.ts). A row is due when
-- next_attempt_at has passed: at once for a new mail, a lease after a claim, a back-off after a
-- failure.
DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Unsent rows keep the schedule they had: attempt n was due 30 s × (2^n − 1) after the mail was written.
UPDATE "mail_outbox" SET "next_attempt_at" = "created_at" + make_interval(secs => 30 * (power(2, least("attempts", 30)) - 1))
WHERE "sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE sent_at IS NULL;
