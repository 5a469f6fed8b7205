-- Issue 40 §5 (docs/decisions/003-businesses.md, "Released identifiers"): an identifier a business
-- gives up (account deleted, or moved to another identifier) is held for 90 days, so old order
-- links, shared product links and installed storefront apps answer 404 instead of leading to the
-- next business that claims it. `business_id` is the business that moved away (it may take its
-- identifier back); null once that business is gone. The DDL is drizzle-kit's for the table in
-- src/db/schema/businesses.ts (the snapshots stop at 0013, so it is written here by hand).
CREATE TABLE "released_identifiers" (
	"identifier" text PRIMARY KEY NOT NULL,
	"business_id" uuid,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "released_identifiers" ADD CONSTRAINT "released_identifiers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "released_identifiers_business_idx" ON "released_identifiers" USING btree ("business_id");
