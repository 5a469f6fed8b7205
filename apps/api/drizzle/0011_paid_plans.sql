-- Issue 23 §2: plans that are paid for. An owner's upgrade is a plan request an operator confirms
-- (or rejects); a confirmed one makes the business pro until paid_until. A daily job warns 7 days
-- before the end (once per paid period: expiry_warning_for holds the paid_until it was sent for)
-- and at the end, when it falls back to free and hides the products over the free limit (never
-- deleted); the fall back is one conditional UPDATE, so it happens (and mails) once.
ALTER TABLE "businesses" ADD COLUMN "paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "expiry_warning_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "businesses_paid_until_idx" ON "businesses" USING btree ("paid_until") WHERE "effective_plan" = 'pro' AND "paid_until" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "plan_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"months" integer NOT NULL,
	"amount_uyu" integer NOT NULL,
	"amount_usd" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reason" text,
	"paid_until" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_requests_plan_check" CHECK ("plan_requests"."plan" IN ('pro')),
	CONSTRAINT "plan_requests_months_check" CHECK ("plan_requests"."months" BETWEEN 1 AND 12),
	CONSTRAINT "plan_requests_status_check" CHECK ("plan_requests"."status" IN ('pending', 'confirmed', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One pending request per business, even when two arrive at once.
CREATE UNIQUE INDEX "plan_requests_one_pending_idx" ON "plan_requests" USING btree ("business_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_requests_pending_idx" ON "plan_requests" USING btree ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_requests_business_idx" ON "plan_requests" USING btree ("business_id", "created_at");--> statement-breakpoint
-- 'hidden': kept, shown to its owner, left out of every public read (the variants issue reuses it).
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" IN ('active', 'hidden'));--> statement-breakpoint
-- Almost always empty: whether a business has hidden products is one probe of this index.
CREATE INDEX "products_business_hidden_idx" ON "products" USING btree ("business_id", "created_at") WHERE "status" = 'hidden';
