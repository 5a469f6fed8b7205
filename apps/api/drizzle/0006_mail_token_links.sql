-- Issue 22: activation mails keep `{{token}}` and the token's row id; the sender renders the link.
ALTER TABLE "mail_outbox" ADD COLUMN "token_id" uuid;--> statement-breakpoint
-- Rows written before held live links: withdraw the token from them. Unsent ones are given up
-- (attempts past any limit); the owner asks for a new link (POST /api/auth/activation/resend).
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", '/auth/activar/[A-Za-z0-9_-]+', '/auth/activar/[retirado]', 'g'),
  "html" = regexp_replace("html", '/auth/activar/[A-Za-z0-9_-]+', '/auth/activar/[retirado]', 'g'),
  "last_error" = CASE WHEN "sent_at" IS NULL THEN 'link withdrawn by migration 0006' ELSE "last_error" END,
  "attempts" = CASE WHEN "sent_at" IS NULL THEN greatest("attempts", 1000) ELSE "attempts" END
WHERE "kind" = 'activation';
