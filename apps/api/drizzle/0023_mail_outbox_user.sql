-- Issue 40: a mail about an account goes when the account does, whatever address it was sent to
-- (an earlier one, after a change of address). The DDL is drizzle-kit's for the column and index
-- in src/db/schema/mail.ts (the snapshots stop at 0013, so it is written here by hand). Rows
-- written before this migration keep a null user_id; deletion still removes mail to the account's
-- current address by `to`.
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");
