-- Issue 46 §1 (ADR 038): each shop's own domain, verified by DNS and re-checked by a job that
-- leases rows through next_check_at (as the mail outbox). Written by hand from
-- src/db/schema/domains.ts (the snapshots stop at 0013). A new table: existing data is untouched.
CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"verification_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_business_id_key" UNIQUE("business_id"),
	CONSTRAINT "custom_domains_hostname_key" UNIQUE("hostname"),
	CONSTRAINT "custom_domains_status_check" CHECK ("custom_domains"."status" IN ('pending', 'verified', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "custom_domains_next_check_idx" ON "custom_domains" USING btree ("next_check_at");
