-- Issue 44 §3 / issue 43 §3 (ADR 035): the shopper hears about their order by e-mail.
-- The shopper's optional e-mail on the order; null for every order sent before (and for those
-- sent without one): no mail goes to them.
ALTER TABLE "orders" ADD COLUMN "customer_email" text;
--> statement-breakpoint
-- The id the order page's token is derived from (HMAC with the server's secret, which the
-- database does not hold: token = derive("order-page:" + id)); the token's SHA-256 stays in
-- token_hash for the lookup. Null for orders made before: their token was random and is known
-- only to its shopper, so their mails link to the shop instead of the order page.
ALTER TABLE "orders" ADD COLUMN "token_id" uuid;
--> statement-breakpoint
-- The owner's switch per shopper mail ({"enviado": false} turns that one off); a missing key is
-- on, so every existing shop mails its shoppers by default.
ALTER TABLE "businesses" ADD COLUMN "shopper_mails" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The display name a mail goes out under (the shop's name for its shoppers' mails); null: the
-- platform's MAIL_FROM as it is.
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;
